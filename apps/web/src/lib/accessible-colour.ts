import { theme as antdTheme } from 'antd';

/**
 * The theme colour as buttons and links use it: the chosen colour itself when white text on it (and it on
 * white) reaches the 4.5:1 contrast of WCAG AA, else the same hue darkened until it does, with room for the
 * grey of a hovered table row. The spec's default #1890ff gives 3.5:1; the settings still show and store the
 * colour the user chose.
 */
const TARGET_CONTRAST = 4.8;
export function accessiblePrimary(hex: string): string {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  let [red, green, blue] = rgb;
  for (let step = 0; step < 40 && contrastWithWhite([red, green, blue]) < TARGET_CONTRAST; step += 1) {
    red = Math.round(red * 0.95);
    green = Math.round(green * 0.95);
    blue = Math.round(blue * 0.95);
  }
  return `#${[red, green, blue].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function luminance([red, green, blue]: [number, number, number]): number {
  const linear = (channel: number) => {
    const ratio = channel / 255;
    return ratio <= 0.03928 ? ratio / 12.92 : ((ratio + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

export function contrastWithWhite(rgb: [number, number, number]): number {
  return 1.05 / (luminance(rgb) + 0.05);
}

/** The contrast between two colours, 1 to 21 (WCAG). */
export function contrastOf(first: string, second: string): number {
  const [a, b] = [parseHex(first), parseHex(second)];
  if (!a || !b) return 1;
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Status text in readable shades: antd's error red read at 3.3:1 on white (danger buttons, field errors), its
 * warning text at 2.9 and its success text at 3.5. The error colour is a seed (antd derives its tints from it,
 * which stay light); the other two are the text shades alone, since a darker seed turns their tints grey.
 */
export const STATUS_TEXT_TOKENS = {
  colorError: accessiblePrimary('#ff4d4f'),
  colorWarningText: accessiblePrimary('#d48806'),
  colorSuccessText: accessiblePrimary('#389e0d'),
};

/**
 * Tags write in a darker shade where antd's reads below 4.5:1 on the tag's tint. A status tag writes in the
 * status colour itself (success green 2.3:1, warning orange 1.9); a preset colour's tag in the 7th shade of its
 * palette on the 1st (green, gold, orange, volcano, yellow, lime and cyan fall short), which takes the first
 * darker shade that reaches it. For the Tag only: elsewhere these colours fill icons and bars, not text.
 */
export const TAG_TOKENS: Record<string, string> = (() => {
  const palette = antdTheme.getDesignToken() as unknown as Record<string, string>;
  const tokens: Record<string, string> = {
    colorSuccess: accessiblePrimary(palette.colorSuccess!),
    colorWarning: accessiblePrimary(palette.colorWarning!),
  };
  for (const key of Object.keys(palette)) {
    const name = /^([a-z]+)7$/.exec(key)?.[1];
    if (!name || !palette[`${name}1`]) continue;
    const darker = [7, 8, 9, 10].map((index) => palette[`${name}${index}`]!);
    const readable = darker.find((shade) => contrastOf(shade, palette[`${name}1`]!) >= 4.5) ?? darker[3]!;
    if (readable !== darker[0]) tokens[key] = readable;
  }
  return tokens;
})();

/** The antd tokens of a theme colour: buttons, links and the info colour all in its readable shade. */
export function themeTokens(theme: string) {
  const readable = accessiblePrimary(theme);
  return { colorPrimary: readable, colorInfo: readable, colorLink: readable };
}

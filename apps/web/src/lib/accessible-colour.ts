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

/**
 * Text in a status colour (Typography's warning, danger and success): antd's shades of its warning, error and
 * success colours read at 2.9, 3.3 and 2.3:1 on white; the same hues darkened as the theme colour is.
 */
export const STATUS_TEXT_TOKENS = {
  colorWarningText: accessiblePrimary('#d48806'),
  colorErrorText: accessiblePrimary('#ff4d4f'),
  colorSuccessText: accessiblePrimary('#52c41a'),
};

/** The antd tokens of a theme colour: buttons, links and the info colour all in its readable shade. */
export function themeTokens(theme: string) {
  const readable = accessiblePrimary(theme);
  return { colorPrimary: readable, colorInfo: readable, colorLink: readable, ...STATUS_TEXT_TOKENS };
}

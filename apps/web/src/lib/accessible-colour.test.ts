import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import {
  STATUS_TEXT_TOKENS,
  TAG_TOKENS,
  accessiblePrimary,
  contrastOf,
  contrastWithWhite,
} from './accessible-colour';

const rgbOf = (hex: string): [number, number, number] => {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

describe('accessiblePrimary', () => {
  it('darkens a theme colour white text cannot be read on, keeping its hue', () => {
    expect(contrastWithWhite(rgbOf('#1890ff'))).toBeLessThan(4.5);
    const darker = accessiblePrimary('#1890ff');
    expect(contrastWithWhite(rgbOf(darker))).toBeGreaterThanOrEqual(4.5);
    const [red, green, blue] = rgbOf(darker);
    expect(blue).toBeGreaterThan(green);
    expect(green).toBeGreaterThan(red);
  });

  it('keeps a colour that already reads well, and anything that is not a colour', () => {
    expect(accessiblePrimary('#304156')).toBe('#304156');
    expect(accessiblePrimary('not a colour')).toBe('not a colour');
  });
});

describe('status and tag colours', () => {
  const defaults = theme.getDesignToken();

  it('writes status text in shades that read at 4.5:1 on white', () => {
    for (const colour of Object.values(STATUS_TEXT_TOKENS))
      expect(contrastWithWhite(rgbOf(colour))).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite(rgbOf(defaults.colorWarningText))).toBeLessThan(4.5);
  });

  it('writes a status tag at 4.5:1 on its tint, which stays antd’s own', () => {
    expect(contrastOf(defaults.colorSuccess, defaults.colorSuccessBg)).toBeLessThan(4.5);
    for (const status of ['Success', 'Warning'] as const)
      expect(contrastOf(TAG_TOKENS[`color${status}`]!, defaults[`color${status}Bg`])).toBeGreaterThanOrEqual(
        4.5,
      );
  });

  it('darkens the text of the preset tags that read below 4.5:1, and only those', () => {
    expect(Object.keys(TAG_TOKENS)).toEqual(expect.arrayContaining(['green7', 'gold7', 'orange7']));
    expect(TAG_TOKENS).not.toHaveProperty('blue7');
    for (const name of ['blue', 'green', 'gold', 'orange', 'volcano', 'cyan', 'red', 'purple'] as const)
      expect(
        contrastOf(TAG_TOKENS[`${name}7`] ?? defaults[`${name}7`], defaults[`${name}1`]),
      ).toBeGreaterThanOrEqual(4.5);
  });
});

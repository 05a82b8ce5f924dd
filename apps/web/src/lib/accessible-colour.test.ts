import { describe, expect, it } from 'vitest';
import { STATUS_TEXT_TOKENS, accessiblePrimary, contrastWithWhite } from './accessible-colour';

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

describe('status text', () => {
  it('reads at 4.5:1 on white in each status colour', () => {
    for (const colour of Object.values(STATUS_TEXT_TOKENS))
      expect(contrastWithWhite(rgbOf(colour))).toBeGreaterThanOrEqual(4.5);
  });
});

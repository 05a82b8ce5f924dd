import { describe, expect, it } from 'vitest';
import { safeFileName } from './rules';

describe('safeFileName', () => {
  it('drops control, direction and path characters', () => {
    expect(safeFileName('a\u0000b.png')).toBe('ab.png');
    // U+202E would show `\u202Egnp.exe` as `exe.png`.
    expect(safeFileName('\u202Egnp.exe')).toBe('gnp.exe');
    expect(safeFileName('photo\u2066\u2069\u200e.png')).toBe('photo.png');
    expect(safeFileName('../../etc/passwd')).toBe('etcpasswd');
    expect(safeFileName('name\r\nX-Injected: 1.png')).toBe('nameX-Injected: 1.png');
    expect(safeFileName('bad\ud800half.png')).toBe('badhalf.png');
  });

  it('keeps ordinary names, including Chinese and emoji', () => {
    expect(safeFileName('身份证正面.jpg')).toBe('身份证正面.jpg');
    expect(safeFileName('𠮷 résumé (1).pdf')).toBe('𠮷 résumé (1).pdf');
  });

  it('is never empty and keeps the extension when it cuts a long name', () => {
    expect(safeFileName('')).toBe('file');
    expect(safeFileName('\u0000\u202E')).toBe('file');
    expect(safeFileName('...')).toBe('file');
    const long = safeFileName(`${'x'.repeat(2_000)}.png`);
    expect(long).toHaveLength(120);
    expect(long.endsWith('.png')).toBe(true);
  });
});

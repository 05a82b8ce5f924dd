import { describe, expect, it } from 'vitest';
import { createSealer } from './sealed-values';

const key = (text: string) => new TextEncoder().encode(text.padEnd(32, '*'));

describe('sealed values', () => {
  const sealer = createSealer(key('one key'));

  it('opens what it sealed, and seals the same value differently each time', () => {
    const sealed = sealer.seal('11010519491231002X');
    expect(sealed).not.toContain('11010519491231002X');
    expect(sealer.open(sealed)).toBe('11010519491231002X');
    expect(sealer.seal('11010519491231002X')).not.toBe(sealed);
  });

  it('refuses an altered value and a value sealed with another key', () => {
    const sealed = sealer.seal('310101199001011234');
    // One bit flipped in the authentication tag (a changed base64 character may only touch padding bits).
    const [version, payload = ''] = sealed.split('.');
    const bytes = Buffer.from(payload, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => sealer.open(`${version}.${bytes.toString('base64url')}`)).toThrow();
    expect(() => createSealer(key('another key')).open(sealed)).toThrow();
  });

  it('indexes equal numbers equally, whatever their case and spaces, and differently under another key', () => {
    const index = sealer.blindIndex('11010519491231002X');
    expect(sealer.blindIndex(' 11010519491231002x ')).toBe(index);
    expect(sealer.blindIndex('110105194912310021')).not.toBe(index);
    expect(createSealer(key('another key')).blindIndex('11010519491231002X')).not.toBe(index);
    expect(index).toMatch(/^[0-9a-f]{64}$/);
  });
});

import { describe, expect, it } from 'vitest';
import { generateKeyring, open, parseKeyring, seal } from './keyring.ts';

describe('sealing personal data', () => {
  const fresh = generateKeyring();
  const ring = parseKeyring(fresh.keys, fresh.indexKey);

  it('gives every value its own IV, across many draws of the IV pool, and opens each one back', () => {
    const sealed = Array.from({ length: 10_000 }, (_, i) => seal(ring, `value ${i % 3}`, `users:${i}:email`));
    const ivs = new Set(sealed.map((s) => s.split('.')[1]));
    expect(ivs.size).toBe(sealed.length);
    sealed.forEach((s, i) => {
      expect(open(ring, s, `users:${i}:email`)).toBe(`value ${i % 3}`);
    });
  });

  it('refuses a value moved to another row', () => {
    const sealed = seal(ring, 'ana@example.com', 'users:1:email');
    expect(() => open(ring, sealed, 'users:2:email')).toThrow('could not be opened');
  });
});

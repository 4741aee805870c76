import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secret-box';

const key = randomBytes(32).toString('hex');

describe('secret box', () => {
  it('round-trips a secret and never stores it in clear', () => {
    const sealed = encryptSecret('Root-Pass-123', key);
    expect(sealed).not.toContain('Root-Pass-123');
    expect(decryptSecret(sealed, key)).toBe('Root-Pass-123');
  });

  it('gives a different ciphertext each time (random IV)', () => {
    expect(encryptSecret('same', key)).not.toBe(encryptSecret('same', key));
  });

  it('refuses a tampered ciphertext or the wrong key', () => {
    const sealed = encryptSecret('secret', key);
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => decryptSecret(tampered, key)).toThrow();
    expect(() => decryptSecret(sealed, randomBytes(32).toString('hex'))).toThrow();
  });
});

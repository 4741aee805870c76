import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/security/passwords';
import { PRECOMPUTED_HASHES, testPasswordHash } from '../support/passwords';
import { STAFF_ADMIN_PASSWORD } from '../support/staff';

// The builders' committed hashes stand in for hashPassword(): they must verify, and carry the
// server's algorithm and cost, or tests would log in against hashes the server never makes.

const parametersOf = (hash: string) => hash.split('$').slice(1, 4).join('$'); // argon2id$v=19$m=…,t=…,p=…

describe('the precomputed test password hashes', () => {
  it('cover the builders’ default passwords', () => {
    expect(Object.keys(PRECOMPUTED_HASHES).sort()).toEqual(['Known-pass-1', STAFF_ADMIN_PASSWORD].sort());
  });

  it.each(Object.entries(PRECOMPUTED_HASHES))(
    '%s: verifies, refuses another password, same parameters as the server',
    async (password, hash) => {
      expect(await verifyPassword(hash, password)).toBe(true);
      expect(await verifyPassword(hash, `${password}x`)).toBe(false);
      expect(parametersOf(hash)).toBe(parametersOf(await hashPassword(password)));
    },
  );

  it('hashes any other password once per process, and the hash verifies', async () => {
    const first = testPasswordHash('Another-pass-9');
    expect(testPasswordHash('Another-pass-9')).toBe(first);
    expect(await verifyPassword(await first, 'Another-pass-9')).toBe(true);
  });
});

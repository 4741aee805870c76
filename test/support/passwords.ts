import { hashPassword } from '../../server/security/passwords';

// argon2id costs ~100+ ms a hash on purpose (64 MiB, 3 passes): builders that paid it for every
// account made the API suite slow on a small machine. The known test passwords come with a hash
// computed once with server/security/passwords.ts's parameters (test/api/test-password-hashes
// checks that they still verify and still carry those parameters); any other password is hashed
// once per test process, then reused (a verification reads the salt and cost from the hash).

/** Computed with `argon2.hash(password, { type: argon2id })`, the library's defaults as the server uses. */
export const PRECOMPUTED_HASHES: Readonly<Record<string, string>> = {
  'Known-pass-1': '$argon2id$v=19$m=65536,t=3,p=4$ht0iGRh0mluraesd+qI1Aw$vL1EfSZ8/yB6Nfy0aEMFcf2AGeAGYtbTzPevuU+KY8Y',
  'Admin-pass-1': '$argon2id$v=19$m=65536,t=3,p=4$LyQUe9sESlYYNeZUr8du0w$MqzPQP4rGwx0w8iETawMiLLrI+AsCTlsPx+u87yB9iQ',
};

const hashedHere = new Map<string, Promise<string>>();

/** An argon2id hash the server verifies for `password`, without hashing twice in one process. */
export function testPasswordHash(password: string): Promise<string> {
  const precomputed = PRECOMPUTED_HASHES[password];
  if (precomputed) return Promise.resolve(precomputed);
  let hash = hashedHere.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashedHere.set(password, hash);
  }
  return hash;
}

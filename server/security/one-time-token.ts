import { createHash, randomBytes } from 'node:crypto';

/** What the user receives (32 random bytes, base64url) and what the database keeps (its SHA-256). */
export interface OneTimeToken {
  value: string;
  hash: string;
}

export function newOneTimeToken(): OneTimeToken {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: hashOneTimeToken(value) };
}

export function hashOneTimeToken(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

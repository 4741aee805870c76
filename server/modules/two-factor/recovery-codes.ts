import { createHash, randomBytes } from 'node:crypto';

// Ten single-use recovery codes, 16 base32 characters each (80 random bits), shown once.
// Only their SHA-256 is stored: a slow hash (argon2) protects guessable secrets chosen by people;
// 80 random bits cannot be guessed offline, so a fast hash is as safe and lets a login check the
// code with one indexed lookup instead of ten argon2 runs.
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => ALPHABET[b % 32]).join(''); // 256 % 32 === 0: no bias
  return chars.match(/.{4}/g)!.join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** The hash of a code as typed or as printed: dashes, spaces and case do not count. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toLowerCase(), 'utf8')
    .digest('hex');
}

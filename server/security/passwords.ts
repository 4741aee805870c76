import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** argon2id with the library's defaults (m=64 MiB, t=3, p=4). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

// A hash of nothing anyone knows: a login for an unknown e-mail (or an account without a
// password) still runs one argon2 verification, so the answer's timing does not tell which.
let dummyHash: Promise<string> | undefined;

/** True only when `hash` exists and matches; always costs one argon2 verification. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// OWASP's "device cookies": a browser that logged into an account carries a value only the server
// can make, bound to that account's e-mail. It names the device (a random nonce) for the device's
// own failure count. Signed with a key derived for that use alone, so it never passes as anything else.
const deviceKey = (secret: string) => createHmac('sha256', secret).update('login-device-cookie').digest();

const sign = (nonce: string, email: string, secret: string) =>
  createHmac('sha256', deviceKey(secret)).update(`${nonce}|${email}`).digest('base64url');

const SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** A new device cookie's value for `email` (as the login normalises it): `nonce.signature`. */
export function signDeviceCookie(email: string, secret: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${sign(nonce, email, secret)}`;
}

/** The device's nonce when `value` was signed here for this very e-mail; null otherwise (forged, another account's, malformed). */
export function deviceOfCookie(value: string | undefined, email: string, secret: string): string | null {
  const match = SHAPE.exec(value ?? '');
  if (!match) return null;
  const [, nonce, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(nonce, email, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

import { Secret, TOTP } from 'otpauth';

// RFC 6238 with the parameters every authenticator app reads from a QR code: SHA-1, six digits,
// thirty-second steps. One step either side is accepted, for a phone clock a little off.
export const TOTP_PERIOD_SECONDS = 30;
const WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** The otpauth:// URI the QR code holds. */
export function otpauthUri(secretBase32: string, issuer: string, label: string): string {
  return totpOf(secretBase32, issuer, label).toString();
}

/** The time step a code belongs to when it is valid now (±1 step), else null. */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secretBase32, '', '').validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

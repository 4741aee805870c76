import type { SessionUser } from '../../../../shared/schemas/auth';

// Browser storage keys named by the spec (§3). Nothing else in the client writes them.
export const USER_KEY = 'user';
export const TOKEN_KEY = 'token';
export const EMAIL_TO_VERIFY_KEY = 'emailToVerify';
/** The back-office's staff token and its flag (features/staff writes them). */
export const ADMIN_TOKEN_KEY = 'adminToken';
export const ADMIN_VERIFIED_KEY = 'adminVerified';

export interface StoredSession {
  user: SessionUser | null;
  token: string | null;
}

/** The stored session, or nothing when either half is missing or the user is unreadable. */
export function readStoredSession(): StoredSession {
  const token = readItem(TOKEN_KEY);
  const user = parseUser(readItem(USER_KEY));
  return token && user ? { user, token } : { user: null, token: null };
}

export function storeSession(user: SessionUser, token: string): void {
  writeItem(USER_KEY, JSON.stringify(user));
  writeItem(TOKEN_KEY, token);
}

/** Logging out also drops the staff token: on a shared computer the next person must not find it. */
export function clearStoredSession(): void {
  removeItem(USER_KEY);
  removeItem(TOKEN_KEY);
  removeItem(ADMIN_TOKEN_KEY);
  removeItem(ADMIN_VERIFIED_KEY);
}

export function readEmailToVerify(): string | null {
  return readItem(EMAIL_TO_VERIFY_KEY);
}

export function storeEmailToVerify(email: string): void {
  writeItem(EMAIL_TO_VERIFY_KEY, email);
}

export function clearEmailToVerify(): void {
  removeItem(EMAIL_TO_VERIFY_KEY);
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    // A shape check, not a validation: the server re-reads the user from the token anyway.
    if (typeof value === 'object' && value !== null && 'id' in value && 'fullName' in value) return value as SessionUser;
  } catch {
    // A corrupt entry counts as no session.
  }
  return null;
}

// Storage can be disabled (private mode, strict settings): the session then lives in memory only.
function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // see readItem
  }
}

function removeItem(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // see readItem
  }
}

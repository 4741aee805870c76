import { ADMIN_TOKEN_KEY, ADMIN_VERIFIED_KEY } from '../../app/session/session-storage';

// The back-office keys of spec §3: 'adminToken' (the staff token from the admin password check)
// and 'adminVerified' ('true' once the check passed). Only this file writes them; logging out
// clears them (session-storage).
export { ADMIN_TOKEN_KEY, ADMIN_VERIFIED_KEY };

/**
 * The stored staff token, when it can still serve `userId`: verified, issued to that user and not
 * past its expiry. Anything else (another account logged in since, an old token) is dropped.
 */
export function readAdminToken(userId: number): string | null {
  const token = read(ADMIN_TOKEN_KEY);
  if (!token || read(ADMIN_VERIFIED_KEY) !== 'true') return null;
  const claims = readClaims(token);
  // Unreadable claims: keep the token and let the server decide (it answers 401 if it is bad).
  if (claims && (claims.sub !== String(userId) || (claims.exp !== undefined && claims.exp * 1000 <= Date.now()))) {
    clearAdminToken();
    return null;
  }
  return token;
}

/** Whether the staff token is still stored (false once another tab logged out); true without storage. */
export function adminTokenStillStored(): boolean {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY) !== null;
  } catch {
    return true;
  }
}

export function storeAdminToken(token: string): void {
  write(ADMIN_TOKEN_KEY, token);
  write(ADMIN_VERIFIED_KEY, 'true');
}

export function clearAdminToken(): void {
  remove(ADMIN_TOKEN_KEY);
  remove(ADMIN_VERIFIED_KEY);
}

/** The JWT payload's `sub` and `exp`; only read to avoid a useless call, never trusted. */
function readClaims(token: string): { sub?: string; exp?: number } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const value: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof value === 'object' && value !== null ? (value as { sub?: string; exp?: number }) : null;
  } catch {
    return null;
  }
}

// Storage can be disabled: the staff token then lives for this page only (see the session storage).
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // see read
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // see read
  }
}

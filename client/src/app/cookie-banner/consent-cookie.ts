// Spec §9: the visitor's answer is kept 150 days in the cookie 'site_cookie_consent'.
export const CONSENT_COOKIE = 'site_cookie_consent';
export const CONSENT_MAX_AGE_SECONDS = 150 * 24 * 60 * 60; // 12 960 000

export type Consent = 'accepted' | 'refused';

/** The stored answer, or null while the visitor has not answered (or the value is unreadable). */
export function readConsent(): Consent | null {
  let cookies: string;
  try {
    cookies = document.cookie;
  } catch {
    return null; // cookies blocked (sandboxed frame): ask again, never break the page
  }
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'accepted' || value === 'refused')) return value;
  }
  return null;
}

export function storeConsent(consent: Consent): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  try {
    document.cookie = `${CONSENT_COOKIE}=${consent}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // Cookies blocked: the banner still closes for this page view.
  }
}

import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, consentIn, type Consent } from '../../../../shared/site/cookie-consent';

export { CONSENT_COOKIE, type Consent };

/** The stored answer, or null while the visitor has not answered (or the value is unreadable). */
export function readConsent(): Consent | null {
  try {
    return consentIn(document.cookie);
  } catch {
    return null; // cookies blocked (sandboxed frame): ask again, never break the page
  }
}

export function storeConsent(consent: Consent): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  try {
    document.cookie = `${CONSENT_COOKIE}=${consent}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // Cookies blocked: the banner still closes for this page view.
  }
}

// Spec §9: the visitor's answer is kept 150 days in the cookie 'site_cookie_consent'. Written by
// the banner in the browser, or by POST /api/cookie-consent when it is answered before the page's
// scripts run; read by both, and by the server to render the banner or not.
export const CONSENT_COOKIE = 'site_cookie_consent';
export const CONSENT_MAX_AGE_SECONDS = 150 * 24 * 60 * 60; // 12 960 000
export const CONSENT_ANSWERS = ['accepted', 'refused'] as const;

export type Consent = (typeof CONSENT_ANSWERS)[number];

/** The answer held in a Cookie header (or document.cookie), or null when there is none readable. */
export function consentIn(cookies: string | undefined): Consent | null {
  for (const part of (cookies ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE && (value === 'accepted' || value === 'refused')) return value;
  }
  return null;
}

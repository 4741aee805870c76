import { z } from 'zod';
import { CONSENT_ANSWERS } from '../site/cookie-consent';
import { endpoint } from './endpoint';

/** The banner's form, sent as application/x-www-form-urlencoded when the page's scripts have not run yet. */
const consentForm = z.object({
  consent: z.enum(CONSENT_ANSWERS),
  /** The page the banner was on: a path of this site, else the home page. */
  return: z.string().max(2000).optional(),
});

export const cookieConsentApi = {
  answer: endpoint({
    method: 'post',
    path: '/api/cookie-consent',
    summary:
      'The cookie banner answered without JavaScript: stores site_cookie_consent for 150 days, then back to the page (403 from another site)',
    tag: 'site',
    access: 'public',
    body: consentForm,
    produces: 'redirect',
    status: 303,
  }),
};

import express, { Router, type RequestHandler } from 'express';
import { cookieConsentApi } from '../../../shared/contract/cookie-consent';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS } from '../../../shared/site/cookie-consent';
import { HttpError } from '../../http/errors';
import { route, SENT } from '../../http/route';

/**
 * POST /api/cookie-consent: the banner is in the server's HTML, so a visitor can answer it before
 * the page's scripts run. The form then lands here: the same cookie the browser would write, and
 * back to the page. Once the scripts run, the banner answers in the browser and never posts.
 */
export function cookieConsentRoutes(): Router {
  const router = Router();
  route(router, cookieConsentApi.answer, fromThisSite, express.urlencoded({ extended: false, limit: '4kb' }), ({ req, res, body }) => {
    res.cookie(CONSENT_COOKIE, body.consent, {
      maxAge: CONSENT_MAX_AGE_SECONDS * 1000,
      path: '/',
      sameSite: 'lax',
      secure: req.secure,
    });
    res.redirect(303, pageOfThisSite(body.return));
    return SENT;
  });
  return router;
}

/** Consent is the visitor's own: another site's form must not give it for them (Fetch Metadata). */
const fromThisSite: RequestHandler = (req, _res, next) => {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new HttpError(403, 'cross_site', 'The cookie answer must come from this site');
  }
  next();
};

/** A path on this site (`/fr/boutique?category=…`); anything else (`//evil`, `https:…`) is the home page. */
function pageOfThisSite(path: string | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  return path;
}

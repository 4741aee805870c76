import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useHydration } from '../../api/initial-data';
import { PUBLIC_ROUTES } from '../../api/public-routes';
import { useLanguage } from '../../ui/use-language';
import { readConsent, storeConsent, type Consent } from './consent-cookie';
import '../../styles/cookie-banner.css';

/**
 * Asks once for cookie consent; the answer is kept 150 days and the banner never shows again meanwhile.
 * It is in the server's HTML (it paints with the page) as a form: answered before the scripts run,
 * the server stores the answer and brings the visitor back; after, the browser stores it in place.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { pathname, search } = useLocation();
  const { hydrating, data } = useHydration();
  // The server saw the visitor's cookie: its render and the hydration decide alike.
  const [answered, setAnswered] = useState(() => (hydrating ? data.consentAsked !== true : readConsent() !== null));

  if (answered) return null;

  const answer = (event: MouseEvent, consent: Consent) => {
    event.preventDefault();
    storeConsent(consent);
    setAnswered(true);
  };

  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <form className="cookie-banner__card" method="post" action={PUBLIC_ROUTES.cookieConsent.path}>
        <input type="hidden" name="return" value={pathname + search} />
        <div className="cookie-banner__copy">
          <h2 id="cookie-banner-title" className="cookie-banner__title">
            {t('cookies.title')}
          </h2>
          <p className="cookie-banner__text">
            {t('cookies.text')} <Link to={`/${lng}/politique-cookies`}>{t('cookies.policyLink')}</Link>
          </p>
        </div>
        <div className="cookie-banner__actions">
          <button
            type="submit"
            name="consent"
            value="refused"
            className="button cookie-banner__refuse"
            onClick={(event) => answer(event, 'refused')}
          >
            {t('cookies.refuse')}
          </button>
          <button
            type="submit"
            name="consent"
            value="accepted"
            className="button button--primary"
            onClick={(event) => answer(event, 'accepted')}
          >
            {t('cookies.accept')}
          </button>
        </div>
      </form>
    </section>
  );
}

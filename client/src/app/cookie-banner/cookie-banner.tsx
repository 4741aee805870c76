import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../api/initial-data';
import { useLanguage } from '../../ui/use-language';
import { readConsent, storeConsent, type Consent } from './consent-cookie';
import '../../styles/cookie-banner.css';

/** Asks once for cookie consent; the answer is kept 150 days and the banner never shows again meanwhile. */
export function CookieBanner() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [answered, setAnswered] = useState(() => readConsent() !== null);
  // Not in the server's HTML (it floats over the page): a rendered page asks once hydrated.
  const hydrated = useHydrated();

  if (answered || !hydrated) return null;

  const answer = (consent: Consent) => {
    storeConsent(consent);
    setAnswered(true);
  };

  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <div className="cookie-banner__card">
        <div className="cookie-banner__copy">
          <h2 id="cookie-banner-title" className="cookie-banner__title">
            {t('cookies.title')}
          </h2>
          <p className="cookie-banner__text">
            {t('cookies.text')} <Link to={`/${lng}/politique-cookies`}>{t('cookies.policyLink')}</Link>
          </p>
        </div>
        <div className="cookie-banner__actions">
          <button type="button" className="button cookie-banner__refuse" onClick={() => answer('refused')}>
            {t('cookies.refuse')}
          </button>
          <button type="button" className="button button--primary" onClick={() => answer('accepted')}>
            {t('cookies.accept')}
          </button>
        </div>
      </div>
    </section>
  );
}

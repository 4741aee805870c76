import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';
import { useSupportLanguagesText } from '../../ui/use-support-languages-text';

// What the client area does today, each backed by the panel (shared/claims/feature-claims.ts):
// no mock graph or server list, since the panel has no graphs yet (issue 34).
const PANEL_FEATURES = ['power', 'address', 'invoices', 'renewal'] as const;

/** The page title, the promise, and what the client area does. */
export function HostingHero({ className }: { className: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const languages = useSupportLanguagesText();

  return (
    <section className="hero hosting-hero" aria-labelledby="hosting-title">
      <div className={className}>
        <div className="hero__copy">
          <h1 id="hosting-title" className="hero__eyebrow hosting-hero__kicker">
            {t('hosting.title')}
          </h1>
          <p className="hero__title">{t('hosting.hero.headline')}</p>
          <p className="hero__tagline">{t('hosting.hero.tagline')}</p>
          <div className="hero__actions">
            <a className="button button--primary button--large" href="#tarifs">
              {t('hosting.hero.ctaPricing')}
            </a>
            <Link className="button button--ghost button--large" to={`/${lng}/boutique`}>
              {t('hosting.hero.ctaShop')}
            </Link>
          </div>
          <ul className="hosting-hero__proofs">
            {(['ddos', 'noCommitment', 'support'] as const).map((id) => (
              <li key={id}>
                <CheckIcon />
                {t(`hosting.hero.proofs.${id}`, { languages })}
              </li>
            ))}
          </ul>
        </div>
        <section className="status-panel" aria-labelledby="hosting-panel-title">
          <h2 id="hosting-panel-title" className="status-panel__head">
            {t('hosting.hero.panel.title')}
          </h2>
          <ul className="status-panel__list">
            {PANEL_FEATURES.map((id) => (
              <li key={id} className="status-panel__row">
                <CheckIcon />
                <span className="status-panel__name">{t(`hosting.hero.panel.${id}`)}</span>
              </li>
            ))}
          </ul>
          <p className="status-panel__caption">{t('hosting.hero.panel.caption')}</p>
        </section>
      </div>
    </section>
  );
}

function CheckIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="rgb(47 211 154 / 0.18)" />
      <path d="m6 10.2 2.6 2.6L14 7.4" fill="none" stroke="#2fd39a" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { useLanguage } from '../../ui/use-language';
import { FeatureIcon, type FeatureId } from './feature-icon';
import '../../styles/showcase.css';
import '../../styles/hubfive.css';
import { PageTitle } from '../../ui/page-title';

// Static samples (spec §1: sample prices of 15.00 and 10.00 euros). Game names are names: not translated.
const SAMPLE_SCRIPTS = [
  { id: 'jobs', game: 'FiveM', priceCents: 1500 },
  { id: 'garage', game: 'FiveM', priceCents: 1000 },
  { id: 'hud', game: "Garry's Mod", priceCents: 1000 },
] as const;

const FEATURES: FeatureId[] = ['reviewed', 'updates', 'support', 'creators'];

/** The HubFive marketplace landing page: static content from the locales. */
export function HubFivePage() {
  const { t } = useTranslation();
  const lng = useLanguage();

  return (
    <div className="showcase">
      <PageTitle>{`${t('hubfive.title')} · ${t('brand.name')}`}</PageTitle>
      <header className="showcase-hero">
        <div className="container">
          <p className="showcase-hero__eyebrow">{t('hubfive.eyebrow')}</p>
          <h1 className="showcase-hero__title">{t('hubfive.title')}</h1>
          <p className="showcase-hero__tagline">{t('hubfive.tagline')}</p>
          <div className="showcase-hero__actions">
            <a className="button button--primary button--large" href="#hubfive-scripts">
              {t('hubfive.browse')}
            </a>
            <Link className="button button--ghost button--large" to={`/${lng}/contact`}>
              {t('hubfive.cta.button')}
            </Link>
          </div>
        </div>
      </header>

      <section className="showcase-section" id="hubfive-scripts" aria-labelledby="hubfive-scripts-title">
        <div className="container">
          <h2 id="hubfive-scripts-title" className="section-title">
            {t('hubfive.scripts.title')}
          </h2>
          <p className="showcase-section__intro">{t('hubfive.scripts.intro')}</p>
          <ul className="script-cards">
            {SAMPLE_SCRIPTS.map((script) => (
              <li key={script.id} className="script-card">
                <div className="script-card__tags">
                  <span className="script-card__game">{script.game}</span>
                  <span className="script-card__sample">{t('hubfive.scripts.sample')}</span>
                </div>
                <h3 className="script-card__name">{t(`hubfive.scripts.items.${script.id}.name`)}</h3>
                <p className="script-card__text">{t(`hubfive.scripts.items.${script.id}.text`)}</p>
                <p className="script-card__price">
                  <span className="visually-hidden">{t('hubfive.scripts.price')} </span>
                  {formatMoney(script.priceCents, 'EUR', lng)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="showcase-section showcase-section--alt" aria-labelledby="hubfive-features-title">
        <div className="container">
          <h2 id="hubfive-features-title" className="section-title">
            {t('hubfive.features.title')}
          </h2>
          <ul className="feature-grid">
            {FEATURES.map((id) => (
              <li key={id} className="feature-tile">
                <span className="feature-tile__icon">
                  <FeatureIcon id={id} />
                </span>
                <h3 className="feature-tile__title">{t(`hubfive.features.items.${id}.title`)}</h3>
                <p className="feature-tile__text">{t(`hubfive.features.items.${id}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="showcase-cta" aria-labelledby="hubfive-cta-title">
        <div className="container showcase-cta__inner">
          <div>
            <h2 id="hubfive-cta-title" className="showcase-cta__title">
              {t('hubfive.cta.title')}
            </h2>
            <p className="showcase-cta__text">{t('hubfive.cta.text')}</p>
          </div>
          <Link className="button button--primary button--large" to={`/${lng}/contact`}>
            {t('hubfive.cta.button')}
          </Link>
        </div>
      </section>
    </div>
  );
}

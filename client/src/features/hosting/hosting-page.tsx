import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useVatStatus } from '../../app/checkout/use-vat-status';
import { CustomerReviews } from '../../ui/ratings/customer-reviews';
import { fadeInClass } from '../../ui/fade-in';
import { useLanguage } from '../../ui/use-language';
import { storageClaim } from '../../../../shared/catalog/storage-types';
import { HostingFeatures } from './hosting-features';
import { HostingHero } from './hosting-hero';
import { PricingCarousel } from './pricing-carousel';
import { PricingTiers } from './pricing-tiers';
import { useOffers } from './use-offers';
import '../../styles/hero.css';
import '../../styles/sections.css';
import '../../styles/hosting.css';
import { PageTitle } from '../../ui/page-title';

/** Spec §9: the page fades in after 200 ms. */
const HOSTING_FADE_IN_MS = 200;

/** The hosting landing page (spec §2): hero, four features, pricing carousel, tiers, ratings, call to action. */
export function HostingPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const offers = useOffers();
  const { vat } = useVatStatus();

  return (
    <>
      <PageTitle>{`${t('hosting.title')} · ${t('brand.name')}`}</PageTitle>
      <HostingHero className={fadeInClass(HOSTING_FADE_IN_MS, 'container hero__inner')} />
      <div className={fadeInClass(HOSTING_FADE_IN_MS)}>
        <HostingFeatures storage={offers.status === 'ready' ? storageClaim(offers.products) : 'none'} />
        {/* A failed load is only logged (spec §8): the section is left out. */}
        <div id="tarifs" className="hosting-anchor">
          {offers.status !== 'failed' && !(offers.status === 'ready' && offers.offers.length === 0) && (
            <section
              className="page-section page-section--white pricing"
              aria-labelledby="pricing-title"
              aria-busy={offers.status === 'loading' || undefined}
            >
              <div className="container">
                <span className="section-eyebrow">{t('hosting.pricing.eyebrow')}</span>
                <h2 id="pricing-title" className="section-title">
                  {t('hosting.pricing.heading')}
                </h2>
                <p className="section-intro">{t('hosting.pricing.intro')}</p>
                {offers.status === 'ready' ? (
                  <PricingCarousel offers={offers.offers} vat={vat} />
                ) : (
                  <div className="carousel-skeleton" aria-hidden="true" />
                )}
                <p className="pricing__note">{t('hosting.pricing.taxNote')}</p>
              </div>
            </section>
          )}
          {offers.status === 'ready' && <PricingTiers products={offers.products} />}
        </div>
        <section className="page-section" aria-labelledby="hosting-ratings-title">
          <div className="container">
            <span className="section-eyebrow">{t('hosting.ratings.eyebrow')}</span>
            <h2 id="hosting-ratings-title" className="section-title hosting-ratings__title">
              {t('hosting.ratings.heading')}
            </h2>
            <CustomerReviews />
          </div>
        </section>
        <section className="hosting-cta" aria-labelledby="hosting-cta-title">
          <div className="container hosting-cta__inner">
            <div>
              <h2 id="hosting-cta-title" className="hosting-cta__title">
                {t('hosting.cta.heading')}
              </h2>
              <p className="hosting-cta__text">{t('hosting.cta.text')}</p>
            </div>
            <div className="hosting-cta__actions">
              <Link className="button button--primary button--large" to={`/${lng}/Hosting-Home`}>
                {t('hosting.cta.offers')}
              </Link>
              <Link className="button button--ghost button--large" to={`/${lng}/contact`}>
                {t('hosting.cta.contact')}
              </Link>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}

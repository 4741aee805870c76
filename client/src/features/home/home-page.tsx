import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { lowestCustomerPrice } from '../../../../shared/money/customer-price';
import { storageClaim } from '../../../../shared/catalog/storage-types';
import { useCatalogue } from '../../api/use-catalogue';
import { useSupportLanguagesText } from '../../ui/use-support-languages-text';
import { fadeInClass } from '../../ui/fade-in';
import { useLanguage } from '../../ui/use-language';
import { Faq } from './faq';
import { SellingPoints } from './selling-points';
import { Testimonials } from './testimonials';
import '../../styles/hero.css';
import '../../styles/sections.css';
import '../../styles/home.css';
import { PageTitle } from '../../ui/page-title';

/** Spec §9: the content fades in after 300 ms. */
const HOME_FADE_IN_MS = 300;

export function HomePage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  // Issue 17: "from" is the catalogue's cheapest price as the shop shows it, never a constant.
  const catalogue = useCatalogue(lng);
  const lowest = catalogue.status === 'ready' ? lowestCustomerPrice(catalogue.products) : null;
  const currency = catalogue.status === 'ready' ? (catalogue.products[0]?.currency ?? 'EUR') : 'EUR';
  // Issue 34: "NVMe on every offer" only when the catalogue says so.
  const storage = catalogue.status === 'ready' ? storageClaim(catalogue.products) : 'none';
  const languages = useSupportLanguagesText();

  return (
    <>
      <PageTitle>{`${t('brand.name')} · ${t('home.title')}`}</PageTitle>
      <section className="hero" aria-labelledby="hero-title">
        <div className={fadeInClass(HOME_FADE_IN_MS, 'container hero__inner')}>
          <div className="hero__copy">
            <p className="hero__eyebrow">{t('home.hero.eyebrow')}</p>
            <h1 id="hero-title" className="hero__title">
              {t('home.hero.title')}
            </h1>
            <p className="hero__tagline">{t('home.hero.tagline', { languages })}</p>
            <div className="hero__actions">
              <Link className="button button--primary button--large" to={`/${lng}/boutique`}>
                {t('home.hero.ctaShop')}
              </Link>
              <Link className="button button--ghost button--large" to={`/${lng}/Hosting`}>
                {t('home.hero.ctaHosting')}
              </Link>
            </div>
            {lowest && <p className="hero__note">{t('home.hero.priceNote', { price: formatMoney(lowest.netCents, currency, lng) })}</p>}
          </div>
          <img className="hero__art" src="/hero-servers.svg" alt="" width="440" height="360" />
        </div>
      </section>
      <div className={fadeInClass(HOME_FADE_IN_MS)}>
        <SellingPoints storage={storage} />
        <Testimonials />
        <Faq />
      </div>
    </>
  );
}

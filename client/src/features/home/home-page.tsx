import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fadeInClass, useRevealAfter } from '../../ui/use-reveal-after';
import { useLanguage } from '../../ui/use-language';
import { Faq } from './faq';
import { SellingPoints } from './selling-points';
import { Testimonials } from './testimonials';
import '../../styles/hero.css';
import '../../styles/sections.css';
import '../../styles/home.css';

/** Spec §9: the content fades in after 300 ms. */
const HOME_FADE_IN_MS = 300;

export function HomePage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const revealed = useRevealAfter(HOME_FADE_IN_MS);

  return (
    <>
      <title>{`${t('brand.name')} · ${t('home.title')}`}</title>
      <section className="hero" aria-labelledby="hero-title">
        <div className={fadeInClass(revealed, 'container hero__inner')}>
          <div className="hero__copy">
            <p className="hero__eyebrow">{t('home.hero.eyebrow')}</p>
            <h1 id="hero-title" className="hero__title">
              {t('home.hero.title')}
            </h1>
            <p className="hero__tagline">{t('home.hero.tagline')}</p>
            <div className="hero__actions">
              <Link className="button button--primary button--large" to={`/${lng}/boutique`}>
                {t('home.hero.ctaShop')}
              </Link>
              <Link className="button button--ghost button--large" to={`/${lng}/Hosting`}>
                {t('home.hero.ctaHosting')}
              </Link>
            </div>
            <p className="hero__note">{t('home.hero.priceNote')}</p>
          </div>
          <img className="hero__art" src="/hero-servers.svg" alt="" width="440" height="360" />
        </div>
      </section>
      <div className={fadeInClass(revealed)}>
        <SellingPoints />
        <Testimonials />
        <Faq />
      </div>
    </>
  );
}

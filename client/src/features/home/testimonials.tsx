import { useTranslation } from 'react-i18next';
import { CustomerReviews } from '../../ui/ratings/customer-reviews';

/**
 * Customer reviews: the live service rating and only real comments, approved by staff (issue 17).
 * No quote is written here: until customers have written some, none shows.
 */
export function Testimonials() {
  const { t } = useTranslation();

  return (
    <section className="page-section page-section--white" aria-labelledby="testimonials-title">
      <div className="container">
        <span className="section-eyebrow">{t('home.testimonials.eyebrow')}</span>
        <h2 id="testimonials-title" className="section-title">
          {t('home.testimonials.heading')}
        </h2>
        <p className="section-intro">{t('home.testimonials.intro')}</p>
        <CustomerReviews />
      </div>
    </section>
  );
}

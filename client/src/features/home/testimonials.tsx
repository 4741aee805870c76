import { useTranslation } from 'react-i18next';
import { RatingsBlock } from '../../ui/ratings/ratings-block';

const QUOTES = ['q1', 'q2', 'q3', 'q4'] as const;

/** Customer quotes (static texts from the locales) and the live service rating under them. */
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
        <ul className="quotes">
          {QUOTES.map((id) => (
            <li key={id} className="quote">
              <figure className="quote__figure">
                <QuoteMark />
                <blockquote className="quote__text">
                  <p>{t(`home.testimonials.quotes.${id}.text`)}</p>
                </blockquote>
                <figcaption className="quote__author">
                  <span className="quote__avatar" aria-hidden="true">
                    {t(`home.testimonials.quotes.${id}.name`).charAt(0)}
                  </span>
                  <span>
                    <span className="quote__name">{t(`home.testimonials.quotes.${id}.name`)}</span>
                    <span className="quote__context">{t(`home.testimonials.quotes.${id}.context`)}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <h3 className="ratings-heading">{t('home.testimonials.ratingHeading')}</h3>
        <RatingsBlock />
      </div>
    </section>
  );
}

function QuoteMark() {
  return (
    <svg className="quote__mark" width="32" height="24" viewBox="0 0 32 24" aria-hidden="true" focusable="false">
      <path
        d="M0 24V14.4C0 6.2 4.4 1.4 12.2 0l1.4 3.6C9.3 5 7.3 7.6 7 11.2h6V24H0Zm18.4 0V14.4C18.4 6.2 22.8 1.4 30.6 0L32 3.6c-4.3 1.4-6.3 4-6.6 7.6h6V24H18.4Z"
        fill="currentColor"
      />
    </svg>
  );
}

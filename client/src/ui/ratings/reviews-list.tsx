import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../../shared/i18n/format-date';
import type { PublicReview } from '../../../../shared/schemas/ratings';
import { useLanguage } from '../use-language';
import { AverageStars } from './average-stars';

/**
 * Real customers' comments, approved by staff (issue 17): the first name and initial, the stars,
 * the date and "client vérifié" for a customer who paid an order, and the language it was written in
 * when it is not the page's (issue 34). Nothing at all when there are none.
 */
export function ReviewsList({ reviews }: { reviews: readonly PublicReview[] }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (reviews.length === 0) return null;

  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h3 id="reviews-title" className="reviews__title">
        {t('home.testimonials.reviewsLabel')}
      </h3>
      <ul className="reviews__list">
        {reviews.map((review) => (
          <li key={review.id} className="review">
            <figure className="review__figure">
              <p className="review__stars" role="img" aria-label={t('home.testimonials.reviewRating', { value: review.rating })}>
                <AverageStars average={review.rating} />
              </p>
              <blockquote className="review__text" lang={review.language}>
                <p>{review.comment}</p>
              </blockquote>
              {review.language !== lng && (
                <p className="review__language">
                  {t('home.testimonials.writtenIn', { language: t(`home.testimonials.languageNames.${review.language}`) })}
                </p>
              )}
              <figcaption className="review__author">
                <span className="review__avatar" aria-hidden="true">
                  {review.author.charAt(0)}
                </span>
                <span className="review__who">
                  <span className="review__name">{review.author}</span>
                  <time className="review__date" dateTime={review.createdAt}>
                    {formatLongDate(new Date(review.createdAt), lng)}
                  </time>
                </span>
                {review.verified && (
                  <span className="review__verified" title={t('home.testimonials.verifiedTitle')}>
                    <CheckMark />
                    {t('home.testimonials.verified')}
                  </span>
                )}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CheckMark() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

import { useTranslation } from 'react-i18next';
import type { StaffReviewDto } from '../../../../../shared/schemas/ratings';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';
import type { ReviewDecision } from './api/decide-review';

interface Props {
  review: StaffReviewDto;
  busy: boolean;
  onDecide: (review: StaffReviewDto, decision: ReviewDecision) => void;
}

/** One comment to moderate: who wrote it (and how the public would see them), the stars, the text, the decision. */
export function ReviewRow({ review, busy, onDecide }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <tr className="staff-row">
      <td data-label={t('staff.reviews.customer')} className="staff-row__wrap">
        <span className="staff-row__stack">
          <span className="staff-row__primary">{review.author}</span>
          <span className="staff-row__secondary">{review.email}</span>
          <span className="staff-row__secondary">{t('staff.reviews.publicAs', { name: review.publicName })}</span>
          {review.verified ? (
            <span className="review__verified staff-review__verified">{t('home.testimonials.verified')}</span>
          ) : (
            <span className="staff-row__secondary">{t('staff.reviews.notVerified')}</span>
          )}
        </span>
      </td>
      <td data-label={t('staff.reviews.rating')} className="staff-row__nowrap">
        <span aria-hidden="true" className="staff-review__stars">
          {'★'.repeat(review.rating)}
          <span className="staff-review__stars-off">{'★'.repeat(5 - review.rating)}</span>
        </span>
        <span className="visually-hidden">{t('home.testimonials.reviewRating', { value: review.rating })}</span>
      </td>
      <td data-label={t('staff.reviews.comment')} className="staff-row__wrap staff-row__block staff-review__comment">
        {review.comment}
      </td>
      <td data-label={t('staff.reviews.status')}>
        <span className="staff-row__stack">
          <span className={`staff-status staff-status--review-${review.status}`}>{t(`staff.reviews.statuses.${review.status}`)}</span>
          {review.moderatedBy && review.moderatedAt && (
            <span className="staff-row__secondary">
              {t('staff.reviews.moderatedBy', { name: review.moderatedBy, date: formatDateTime(review.moderatedAt, lng) })}
            </span>
          )}
        </span>
      </td>
      <td data-label={t('staff.reviews.date')}>
        <time dateTime={review.createdAt}>{formatDateTime(review.createdAt, lng)}</time>
      </td>
      <td className="staff-row__actions">
        <div className="staff-review__actions">
          {review.status !== 'approved' && (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={busy}
              onClick={() => onDecide(review, 'approve')}
            >
              {t('staff.reviews.approve')}
            </button>
          )}
          {review.status !== 'rejected' && (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy}
              onClick={() => onDecide(review, 'reject')}
            >
              {t('staff.reviews.reject')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffReviewDto } from '../../../../../shared/schemas/ratings';
import { FormAlert } from '../../../ui/form-alert';
import { ReviewRow } from './review-row';
import { useStaffReviews, type ReviewDecision, type ReviewFilter } from './use-staff-reviews';
import '../../../styles/ratings.css';
import '../../../styles/staff-reviews.css';
import { StaffLoadMore } from '../staff-load-more';

const FILTERS: readonly ReviewFilter[] = ['pending', 'approved', 'rejected', 'all'];

/**
 * The "Avis clients" view of the Support category (issue 17): the comments customers left with
 * their rating, waiting ones first. Publishing or refusing can be changed later, so no confirm.
 */
export function ReviewsModeration() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ReviewFilter>('pending');
  const { state, loadingMore, loadMore, reload, decide } = useStaffReviews(filter);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onDecide(review: StaffReviewDto, decision: ReviewDecision) {
    setBusyId(review.id);
    setNotice(null);
    try {
      await decide(review.id, decision);
      setNotice({
        tone: 'success',
        text: t(`staff.reviews.${decision === 'approve' ? 'approved' : 'rejected'}`, { name: review.publicName }),
      });
    } catch {
      setNotice({ tone: 'error', text: t('staff.reviews.actionError') });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="staff-reviews">
      <p className="staff-reviews__intro">{t('staff.reviews.intro')}</p>
      <div className="field staff-reviews__filter">
        <label className="field__label" htmlFor="staff-reviews-filter">
          {t('staff.reviews.filterLabel')}
        </label>
        <select
          id="staff-reviews-filter"
          className="select"
          value={filter}
          onChange={(event) => {
            setNotice(null);
            setFilter(event.target.value as ReviewFilter);
          }}
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`staff.reviews.filters.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      {state.status === 'loading' && (
        <p className="staff-state" role="status">
          <span className="spinner" aria-hidden="true" /> {t('staff.reviews.loading')}
        </p>
      )}
      {state.status === 'failed' && (
        <div className="staff-state staff-state--error">
          <p role="alert">{t('staff.reviews.errorload')}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => void reload()}>
            {t('staff.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <p className="staff-state">{t(filter === 'pending' ? 'staff.reviews.emptyPending' : 'staff.reviews.empty')}</p>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <>
          <table className="staff-table">
            <caption className="visually-hidden">{t('staff.reviews.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.reviews.customer')}</th>
                <th scope="col">{t('staff.reviews.rating')}</th>
                <th scope="col">{t('staff.reviews.comment')}</th>
                <th scope="col">{t('staff.reviews.status')}</th>
                <th scope="col">{t('staff.reviews.date')}</th>
                <th scope="col">{t('staff.reviews.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((review) => (
                <ReviewRow key={review.id} review={review} busy={busyId === review.id} onDecide={(r, d) => void onDecide(r, d)} />
              ))}
            </tbody>
          </table>
          {state.hasMore && (
            <StaffLoadMore
              loading={loadingMore}
              onClick={loadMore}
              label={t('staff.reviews.loadMore')}
              loadingLabel={t('staff.reviews.loadingMore')}
            />
          )}
        </>
      )}
    </div>
  );
}

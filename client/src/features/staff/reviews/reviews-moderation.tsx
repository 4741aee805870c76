import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffReviewDto } from '../../../../../shared/schemas/ratings';
import { FormAlert } from '../../../ui/form-alert';
import { ReviewRow } from './review-row';
import { useStaffReviews, type ReviewDecision, type ReviewFilter } from './api/get-staff-reviews';
import '../../../styles/ratings.css';
import '../../../styles/staff-reviews.css';
import { StaffLoadMore } from '../staff-load-more';
import { ListState } from '../../../ui/list-state';

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
      <ListState
        state={state}
        loading={t('staff.reviews.loading')}
        failed={t('staff.reviews.errorload')}
        retry={{ label: t('staff.retry'), onRetry: () => void reload() }}
        isEmpty={(ready) => ready.items.length === 0}
        empty={t(filter === 'pending' ? 'staff.reviews.emptyPending' : 'staff.reviews.empty')}
      >
        {(ready) => (
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
                {ready.items.map((review) => (
                  <ReviewRow key={review.id} review={review} busy={busyId === review.id} onDecide={(r, d) => void onDecide(r, d)} />
                ))}
              </tbody>
            </table>
            {ready.hasMore && (
              <StaffLoadMore
                loading={loadingMore}
                onClick={loadMore}
                label={t('staff.reviews.loadMore')}
                loadingLabel={t('staff.reviews.loadingMore')}
              />
            )}
          </>
        )}
      </ListState>
    </div>
  );
}

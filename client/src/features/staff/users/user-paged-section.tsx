import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedListState } from '../use-paged-list';
import { StaffLoadMore } from '../staff-load-more';

interface Props<T> {
  list: { state: PagedListState<T>; loadingMore: boolean; loadMore: () => Promise<void>; reload: () => Promise<void> };
  texts: { loading: string; failed: string; empty: string };
  /** The table of the rows read so far. */
  children: (items: T[]) => ReactNode;
}

/** One of an account's lists in its detail: loading, failure with a retry, empty, or its rows and 'Charger plus'. */
export function UserPagedSection<T>({ list, texts, children }: Props<T>) {
  const { t } = useTranslation();
  const { state, loadingMore, loadMore, reload } = list;
  if (state.status === 'loading')
    return (
      <p className="staff-state" role="status">
        <span className="spinner" aria-hidden="true" /> {texts.loading}
      </p>
    );
  if (state.status === 'failed')
    return (
      <div className="staff-state staff-state--error">
        <p role="alert">{texts.failed}</p>
        <button type="button" className="button button--secondary button--small" onClick={() => void reload()}>
          {t('staff.retry')}
        </button>
      </div>
    );
  if (state.items.length === 0) return <p className="staff-state">{texts.empty}</p>;
  return (
    <>
      {children(state.items)}
      {state.hasMore && (
        <StaffLoadMore
          loading={loadingMore}
          onClick={loadMore}
          label={t('staff.users.loadMore')}
          loadingLabel={t('staff.users.loadingMore')}
        />
      )}
    </>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedListState } from '../api/paged-list';
import { StaffLoadMore } from '../staff-load-more';
import { ListState } from '../../../ui/list-state';

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
  return (
    <ListState
      state={state}
      loading={texts.loading}
      failed={texts.failed}
      retry={{ label: t('staff.retry'), onRetry: reload }}
      isEmpty={(ready) => ready.items.length === 0}
      empty={texts.empty}
    >
      {(ready) => (
        <>
          {children(ready.items)}
          {ready.hasMore && (
            <StaffLoadMore
              loading={loadingMore}
              onClick={loadMore}
              label={t('staff.users.loadMore')}
              loadingLabel={t('staff.users.loadingMore')}
            />
          )}
        </>
      )}
    </ListState>
  );
}

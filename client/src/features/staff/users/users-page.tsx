import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../styles/staff-users.css';
import { UserDetail } from './user-detail';
import { UsersSearch } from './users-search';
import { openButtonId, UsersTable } from './users-table';
import { useStaffUsers, type UserFilters } from './api/get-staff-users';
import { StaffLoadMore } from '../staff-load-more';
import { ListState } from '../../../ui/list-state';

/** Category 2 'Utilisateurs' (manager, admin): search the accounts; one opens with its orders and VPS. */
export function UsersPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<UserFilters>({ q: '', role: '' });
  const { state, loadingMore, loadMore, updateUser, retry } = useStaffUsers(filters);
  const [openId, setOpenId] = useState<number | null>(null);
  const returnTo = useRef<number | null>(null);

  // Back from a detail: the focus returns to the name that opened it.
  useEffect(() => {
    if (openId !== null || returnTo.current === null) return;
    document.getElementById(openButtonId(returnTo.current))?.focus();
    returnTo.current = null;
  }, [openId]);

  if (openId !== null) {
    return (
      <UserDetail
        userId={openId}
        onBack={() => {
          returnTo.current = openId;
          setOpenId(null);
        }}
        onUpdated={updateUser}
      />
    );
  }
  return (
    <section className="staff-panel" aria-labelledby="staff-users-title">
      <h1 id="staff-users-title" className="staff-panel__title">
        {t('staff.users.title')}
      </h1>
      <UsersSearch filters={filters} onSearch={setFilters} />
      <ListState
        state={state}
        loading={t('staff.users.loading')}
        failed={t('staff.users.errorload')}
        retry={{ label: t('staff.retry'), onRetry: retry }}
        isEmpty={(ready) => ready.items.length === 0}
        empty={t('staff.users.empty')}
      >
        {(ready) => (
          <>
            <UsersTable users={ready.items} onOpen={setOpenId} />
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
    </section>
  );
}

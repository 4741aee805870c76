import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../styles/staff-users.css';
import { UserDetail } from './user-detail';
import { UsersSearch } from './users-search';
import { openButtonId, UsersTable } from './users-table';
import { useStaffUsers, type UserFilters } from './use-staff-users';
import { StaffLoadMore } from '../staff-load-more';

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
      {state.status === 'loading' && (
        <p className="staff-state" role="status">
          <span className="spinner" aria-hidden="true" /> {t('staff.users.loading')}
        </p>
      )}
      {state.status === 'failed' && (
        <div className="staff-state staff-state--error">
          <p role="alert">{t('staff.users.errorload')}</p>
          <button type="button" className="button button--secondary button--small" onClick={retry}>
            {t('staff.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && state.items.length === 0 && <p className="staff-state">{t('staff.users.empty')}</p>}
      {state.status === 'ready' && state.items.length > 0 && (
        <>
          <UsersTable users={state.items} onOpen={setOpenId} />
          {state.hasMore && (
            <StaffLoadMore
              loading={loadingMore}
              onClick={loadMore}
              label={t('staff.users.loadMore')}
              loadingLabel={t('staff.users.loadingMore')}
            />
          )}
        </>
      )}
    </section>
  );
}

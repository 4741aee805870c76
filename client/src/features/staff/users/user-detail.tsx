import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffUserDto } from '../../../../../shared/schemas/staff/users';
import { isStaffRole } from '../../../../../shared/staff/permissions';
import { useStaff } from '../staff-context';
import { AdminPasswordForm } from './admin-password-form';
import { SecondFactorReset } from './second-factor-reset';
import { UserFacts } from './user-facts';
import { UserOrders } from './user-orders';
import { UserPaymentMethods } from './user-payment-methods';
import { UserRoleForm } from './user-role-form';
import { UserVps } from './user-vps';
import { useStaffUser } from './api/get-staff-user';
import { ListState } from '../../../ui/list-state';

interface Props {
  userId: number;
  onBack: () => void;
  onUpdated: (user: StaffUserDto) => void;
}

/**
 * One account: its facts, orders and VPS (each 50 a page), saved payment methods (read-only); for an
 * admin, its role and (staff) admin password.
 */
export function UserDetail({ userId, onBack, onUpdated }: Props) {
  const { t } = useTranslation();
  const { role, user: currentUser } = useStaff();
  const { state, updateUser, retry } = useStaffUser(userId);
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = state.status === 'ready';
  // Opened from the list: the focus follows to the account once it is there.
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);

  return (
    <section className="staff-panel" aria-labelledby="staff-user-title">
      <button type="button" className="button button--secondary button--small ticket-detail__back" onClick={onBack}>
        {t('staff.users.detail.back')}
      </button>
      <ListState
        state={state}
        loading={t('staff.users.detail.loading')}
        failed={t('staff.users.detail.errorload')}
        retry={{ label: t('staff.retry'), onRetry: retry }}
      >
        {(ready) => (
          <>
            <h1 id="staff-user-title" className="staff-panel__title" tabIndex={-1} ref={heading}>
              {t('staff.users.detail.title', { id: ready.detail.user.id, name: ready.detail.user.fullName })}
            </h1>
            <UserFacts user={ready.detail.user} />
            {role === 'admin' && (
              <div className="users-admin">
                <UserRoleForm
                  user={ready.detail.user}
                  onChanged={(user) => {
                    updateUser(user);
                    onUpdated(user);
                  }}
                />
                {isStaffRole(ready.detail.user.role) && <AdminPasswordForm user={ready.detail.user} />}
                {isStaffRole(ready.detail.user.role) && ready.detail.user.id !== currentUser.id && (
                  <SecondFactorReset user={ready.detail.user} />
                )}
              </div>
            )}
            <section aria-labelledby="staff-user-orders">
              <h2 id="staff-user-orders" className="staff-panel__subtitle">
                {t('staff.users.detail.ordersTitle')}
              </h2>
              <UserOrders userId={userId} name={ready.detail.user.fullName} />
            </section>
            <section aria-labelledby="staff-user-vps">
              <h2 id="staff-user-vps" className="staff-panel__subtitle">
                {t('staff.users.detail.vpsTitle')}
              </h2>
              <UserVps userId={userId} name={ready.detail.user.fullName} />
            </section>
            <h2 className="staff-panel__subtitle">{t('staff.users.detail.methodsTitle')}</h2>
            <UserPaymentMethods payment={ready.detail.payment} name={ready.detail.user.fullName} />
          </>
        )}
      </ListState>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import type { StaffUserDto } from '../../../../../shared/schemas/staff/users';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';

/** The id of a row's open button: the focus goes back to it when the detail closes. */
export const openButtonId = (userId: number) => `staff-user-open-${userId}`;

/** Nom, E-mail, Rôle, Commandes, VPS, Inscrit le: a table from 768 px, one card per account below (staff.css). */
export function UsersTable({ users, onOpen }: { users: readonly StaffUserDto[]; onOpen: (userId: number) => void }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('staff.users.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.users.name')}</th>
          <th scope="col">{t('staff.users.email')}</th>
          <th scope="col">{t('staff.users.role')}</th>
          <th scope="col">{t('staff.users.orders')}</th>
          <th scope="col">{t('staff.users.vps')}</th>
          <th scope="col">{t('staff.users.createdAt')}</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id} className="staff-row">
            <th scope="row" data-label={t('staff.users.name')} className="staff-row__wrap">
              <span className="staff-row__stack">
                <button type="button" id={openButtonId(user.id)} className="ticket-link" onClick={() => onOpen(user.id)}>
                  {user.fullName}
                </button>
                {user.company_name && <span className="staff-row__secondary">{user.company_name}</span>}
                {user.deleted_at && (
                  <span className="staff-status users-deleted">
                    {t('staff.users.deletedOn', { date: formatDateTime(user.deleted_at, lng) })}
                  </span>
                )}
              </span>
            </th>
            <td data-label={t('staff.users.email')} className="staff-row__wrap">
              {user.email}
            </td>
            <td data-label={t('staff.users.role')}>
              <span className={`staff-status users-role users-role--${user.role}`}>{t(`staff.users.roles.${user.role}`)}</span>
            </td>
            <td data-label={t('staff.users.orders')} className="staff-amount">
              {user.orders_count}
            </td>
            <td data-label={t('staff.users.vps')} className="staff-amount">
              {user.vps_count}
            </td>
            <td data-label={t('staff.users.createdAt')} className="staff-row__nowrap">
              <time dateTime={user.created_at}>{formatDateTime(user.created_at, lng)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

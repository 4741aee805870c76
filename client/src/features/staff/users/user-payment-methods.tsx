import { useTranslation } from 'react-i18next';
import type { SavedMethodDto } from '../../../../../shared/schemas/payment-methods';
import type { StaffUserDetailDto } from '../../../../../shared/schemas/staff/users';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';

/** "Visa •••• 4242", or the masked account of a direct debit: all the shop keeps of a method. */
function methodLabel(method: SavedMethodDto): string {
  if (method.kind === 'directdebit') return method.bank_account ?? '';
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : '';
  return `${brand} •••• ${method.last4 ?? ''}`.trim();
}

const expiryOf = (m: SavedMethodDto) =>
  m.exp_month && m.exp_year ? `${String(m.exp_month).padStart(2, '0')}/${String(m.exp_year).slice(-2)}` : null;

interface Props {
  payment: StaffUserDetailDto['payment'];
  name: string;
}

/**
 * The customer's saved methods and renewal choices, read-only: staff answer "how will this be paid?"
 * but change nothing here (the customer does, in their panel).
 */
export function UserPaymentMethods({ payment, name }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const none = t('staff.users.detail.none');
  return (
    <>
      <dl className="profile-facts users-facts">
        <div className="profile-facts__item">
          <dt>{t('staff.users.detail.autoRenewServers')}</dt>
          <dd>{t('staff.users.detail.autoRenewCount', payment.auto_renew_servers)}</dd>
        </div>
        <div className="profile-facts__item">
          <dt>{t('staff.users.detail.walletFirst')}</dt>
          <dd>{t(payment.wallet_first ? 'staff.users.detail.yes' : 'staff.users.detail.no')}</dd>
        </div>
      </dl>
      {payment.methods.length === 0 ? (
        <p className="staff-state">{t('staff.users.detail.noMethods')}</p>
      ) : (
        <table className="staff-table">
          <caption className="visually-hidden">{t('staff.users.detail.methodsCaption', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.users.detail.method')}</th>
              <th scope="col">{t('staff.users.detail.provider')}</th>
              <th scope="col">{t('staff.users.detail.expiry')}</th>
              <th scope="col">{t('staff.users.detail.isDefault')}</th>
              <th scope="col">{t('staff.users.detail.added')}</th>
            </tr>
          </thead>
          <tbody>
            {payment.methods.map((m) => (
              <tr key={m.id} className="staff-row">
                <th scope="row" data-label={t('staff.users.detail.method')} className="staff-row__mono">
                  {methodLabel(m)}
                </th>
                <td data-label={t('staff.users.detail.provider')}>
                  {t(`staff.users.detail.providers.${m.provider}`)}
                  {m.kind === 'directdebit' && ` · ${t('staff.users.detail.directDebit')}`}
                </td>
                <td data-label={t('staff.users.detail.expiry')} className="staff-row__nowrap">
                  {expiryOf(m) ?? none}
                </td>
                <td data-label={t('staff.users.detail.isDefault')}>
                  {t(m.is_default ? 'staff.users.detail.yes' : 'staff.users.detail.no')}
                </td>
                <td data-label={t('staff.users.detail.added')} className="staff-row__nowrap">
                  <time dateTime={m.created_at}>{formatDateTime(m.created_at, lng)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

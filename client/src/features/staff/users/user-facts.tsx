import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import type { StaffUserDetailDto } from '../../../../../shared/schemas/staff/users';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';

/** The account's identity and standing as tiles (the profile page's look). */
export function UserFacts({ user }: { user: StaffUserDetailDto['user'] }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const none = t('staff.users.detail.none');
  const facts: [string, string][] = [
    [t('staff.users.email'), user.email],
    [t('staff.users.role'), t(`staff.users.roles.${user.role}`)],
    [t('staff.users.detail.type'), t(user.user_type === 'business' ? 'staff.users.detail.business' : 'staff.users.detail.individual')],
    [t('staff.users.detail.company'), user.company_name ?? none],
    [t('staff.users.detail.vat'), user.vat_number ?? none],
    [t('staff.users.detail.phone'), user.phone ?? none],
    [t('staff.users.detail.address'), user.address ?? none],
    [t('staff.users.detail.country'), user.country],
    [t('staff.users.detail.language'), user.language.toUpperCase()],
    [t('staff.users.createdAt'), formatDateTime(user.created_at, lng)],
    [
      t('staff.users.detail.verified'),
      user.email_verified_at ? formatDateTime(user.email_verified_at, lng) : t('staff.users.detail.notVerified'),
    ],
  ];
  return (
    <dl className="profile-facts users-facts">
      <div className="profile-facts__item profile-facts__item--wallet">
        <dt>{t('staff.users.detail.wallet')}</dt>
        <dd>{formatMoney(user.wallet_cents, 'EUR', lng)}</dd>
      </div>
      {facts.map(([label, value]) => (
        <div key={label} className="profile-facts__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

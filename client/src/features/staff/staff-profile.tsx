import { useTranslation } from 'react-i18next';
import type { TransactionDto } from '../../../../shared/schemas/staff/profile';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { useLanguage } from '../../ui/use-language';
import { useStaff } from './staff-context';
import { formatDateTime } from './staff-format';
import { useStaffProfile } from './api/get-staff-profile';
import { ListState } from '../../ui/list-state';

/** 'Mon profil': 'Profil de {fullName}', the wallet balance in euros, recent transactions (spec §2). */
export function StaffProfile() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { user } = useStaff();
  const { state, retry } = useStaffProfile(user.id);

  if (state.status !== 'ready') {
    return (
      <section className="staff-panel" aria-busy={state.status === 'loading' || undefined}>
        <ListState
          state={state}
          loading={t('staff.profile.loading')}
          failed={t('staff.profile.errorload')}
          retry={{ label: t('staff.retry'), onRetry: retry }}
        />
      </section>
    );
  }

  const { profile, transactions } = state;
  return (
    <section className="staff-panel" aria-labelledby="staff-profile-title">
      <h1 id="staff-profile-title" className="staff-panel__title">
        {t('staff.profile.title', { fullName: profile.fullName })}
      </h1>
      <dl className="profile-facts">
        <div className="profile-facts__item profile-facts__item--wallet">
          <dt>{t('staff.profile.wallet')}</dt>
          <dd className="staff-amount">{formatMoney(profile.walletCents, 'EUR', lng)}</dd>
        </div>
        <div className="profile-facts__item">
          <dt>{t('staff.profile.email')}</dt>
          <dd>{profile.email}</dd>
        </div>
        <div className="profile-facts__item">
          <dt>{t('staff.profile.role')}</dt>
          <dd>{t(`staff.roles.${profile.role}`, { defaultValue: profile.role })}</dd>
        </div>
      </dl>
      <h2 className="staff-panel__subtitle profile-transactions__title">{t('staff.profile.transactions')}</h2>
      {transactions.length === 0 ? (
        <p className="staff-state">{t('staff.profile.empty')}</p>
      ) : (
        <TransactionsTable transactions={transactions} />
      )}
    </section>
  );
}

function TransactionsTable({ transactions }: { transactions: readonly TransactionDto[] }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('staff.profile.transactions')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.profile.id')}</th>
          <th scope="col">{t('staff.profile.type')}</th>
          <th scope="col">{t('staff.profile.amount')}</th>
          <th scope="col">{t('staff.profile.date')}</th>
          <th scope="col">{t('staff.profile.description')}</th>
        </tr>
      </thead>
      <tbody>
        {transactions.map((tx) => (
          <tr key={tx.id} className="staff-row">
            <th scope="row" data-label={t('staff.profile.id')}>
              #{tx.id}
            </th>
            <td data-label={t('staff.profile.type')}>{t(`staff.profile.types.${tx.type}`, { defaultValue: tx.type })}</td>
            <td
              data-label={t('staff.profile.amount')}
              className={tx.amountCents < 0 ? 'staff-amount staff-amount--negative' : 'staff-amount'}
            >
              {formatMoney(tx.amountCents, 'EUR', lng)}
            </td>
            <td data-label={t('staff.profile.date')} className="staff-row__nowrap">
              <time dateTime={tx.date}>{formatDateTime(tx.date, lng)}</time>
            </td>
            <td data-label={t('staff.profile.description')} className="staff-row__wrap">
              {tx.description}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

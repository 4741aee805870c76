import { useTranslation } from 'react-i18next';
import type { BillingFilter, BillingOrderDto } from '../../../../../shared/schemas/staff/billing';
import { BillingRow, type BillingAction } from './billing-row';

interface Props {
  filter: BillingFilter;
  orders: readonly BillingOrderDto[];
  /** The order whose action is running, if any: one at a time. */
  busyId: number | null;
  refundingId: number | null;
  onAction: (action: BillingAction, order: BillingOrderDto) => void;
}

/** Billing's orders: a table from 768 px, one card per order below (staff.css, data-label). */
export function BillingTable({ filter, orders, busyId, refundingId, onAction }: Props) {
  const { t } = useTranslation();
  return (
    <table className="staff-table billing-table">
      <caption className="visually-hidden">{t(`staff.billing.caption.${filter}`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.billing.number')}</th>
          <th scope="col">{t('staff.billing.client')}</th>
          <th scope="col">{t('staff.billing.amount')}</th>
          <th scope="col">{t('staff.billing.method')}</th>
          <th scope="col">{filter === 'paid' ? t('staff.billing.paidOn') : t('staff.billing.due')}</th>
          <th scope="col">{t('staff.billing.reference')}</th>
          <th scope="col">{t('staff.billing.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <BillingRow
            key={order.id}
            order={order}
            filter={filter}
            busy={busyId !== null}
            running={busyId === order.id}
            refunding={refundingId === order.id}
            onAction={onAction}
          />
        ))}
      </tbody>
    </table>
  );
}

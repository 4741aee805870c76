import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import type { BillingFilter, BillingOrderDto } from '../../../../../shared/schemas/staff/billing';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';
import { StaffOrderStatus } from '../staff-order-status';
import { canCancel, canMarkPaid, canRefund } from './billing-actions';

export type BillingAction = 'markPaid' | 'cancel' | 'refund';

interface Props {
  order: BillingOrderDto;
  filter: BillingFilter;
  /** Another row's action is running. */
  busy: boolean;
  /** This row's action is running. */
  running: boolean;
  /** This row's refund form is open. */
  refunding: boolean;
  onAction: (action: BillingAction, order: BillingOrderDto) => void;
}

/** One order: N°, Client, Montant, Méthode, Échéance/Date, Communication, Actions. */
export function BillingRow({ order, filter, busy, running, refunding, onAction }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const idCell = `billing-order-${order.id}`;
  // Unpaid: due at its due date, or from its creation; paid: the day the money came.
  const when = filter === 'paid' ? order.paid_at : (order.due_at ?? order.created_at);
  const button = (action: BillingAction, className: string) => (
    <button
      type="button"
      className={`button button--small ${className}`}
      disabled={busy}
      aria-busy={(running && action !== 'refund') || undefined}
      aria-describedby={idCell}
      {...(action === 'refund' && { 'aria-expanded': refunding, 'aria-controls': refunding ? 'billing-refund' : undefined })}
      onClick={() => onAction(action, order)}
    >
      {t(`staff.billing.${action}`)}
    </button>
  );
  return (
    <tr className={refunding ? 'staff-row staff-row--selected' : 'staff-row'}>
      <td id={idCell} data-label={t('staff.billing.number')} className="staff-row__id">
        <span className="staff-row__stack">
          <span className="staff-row__primary">#{order.id}</span>
          {order.invoice_number && (
            <span className="staff-row__secondary">{t('staff.billing.invoice', { number: order.invoice_number })}</span>
          )}
          {/* Settled orders differ: waiting, taken, delivered, cancelled after payment (to refund), or refunded. */}
          {filter === 'paid' && <StaffOrderStatus order={order} />}
        </span>
      </td>
      <td data-label={t('staff.billing.client')} className="staff-row__wrap">
        <span className="staff-row__stack">
          <span className="staff-row__primary">{order.client_name}</span>
          <span className="staff-row__secondary">{order.client_email}</span>
        </span>
      </td>
      <td data-label={t('staff.billing.amount')} className="staff-amount">
        <span className="staff-row__stack">
          <span>{formatMoney(order.total_cents, order.currency, lng)}</span>
          {order.refunded_cents > 0 && (
            <span className="staff-row__secondary">
              {t('staff.billing.refunded', { amount: formatMoney(order.refunded_cents, order.currency, lng) })}
            </span>
          )}
        </span>
      </td>
      <td data-label={t('staff.billing.method')}>
        {order.payment_method ? (
          t(`staff.billing.methods.${order.payment_method}`, { defaultValue: order.payment_method })
        ) : (
          <span className="staff-row__muted">{t('staff.billing.none')}</span>
        )}
      </td>
      <td data-label={filter === 'paid' ? t('staff.billing.paidOn') : t('staff.billing.due')} className="staff-row__nowrap">
        {when ? (
          <time dateTime={when}>{formatDateTime(when, lng)}</time>
        ) : (
          <span className="staff-row__muted">{t('staff.billing.none')}</span>
        )}
      </td>
      <td data-label={t('staff.billing.reference')} className="staff-row__mono">
        {order.transfer_reference ?? <span className="staff-row__muted">{t('staff.billing.none')}</span>}
      </td>
      <td data-label={t('staff.billing.actions')} className="staff-row__actions">
        {canMarkPaid(order) && button('markPaid', 'button--primary')}
        {canRefund(order) && button('refund', 'button--secondary')}
        {canCancel(order) && button('cancel', 'button--danger')}
      </td>
    </tr>
  );
}

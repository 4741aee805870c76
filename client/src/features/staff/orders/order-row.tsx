import { useTranslation } from 'react-i18next';
import type { StaffOrderDto } from '../../../../../shared/schemas/staff/orders';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';
import { StaffOrderStatus } from '../staff-order-status';
import { canAssign, canTake } from './order-actions';

interface Props {
  order: StaffOrderDto;
  myId: number;
  taking: boolean;
  /** Another row's action is running: one at a time. */
  busy: boolean;
  /** This row's VPS panel is open. */
  picking: boolean;
  onTake: (orderId: number) => void;
  onAssign: (orderId: number) => void;
}

/** One order: ID, Client, Produit, OS, Status, Support, Actions, Date (spec §2 "Orders page"). */
export function OrderRow({ order, myId, taking, busy, picking, onTake, onAssign }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const idCell = `staff-order-${order.id}`;
  return (
    <tr className={picking ? 'staff-row staff-row--selected' : 'staff-row'}>
      {/* A plain cell, first in the row: the id is what staff quote, and tools read it from there. */}
      <td id={idCell} data-label={t('staff.orders.id')} className="staff-row__id">
        #{order.id}
      </td>
      <td data-label={t('staff.orders.client')} className="staff-row__wrap">
        <span className="staff-row__stack">
          <span className="staff-row__primary">{order.customerName}</span>
          <span className="staff-row__secondary">{order.client_email}</span>
        </span>
      </td>
      <td data-label={t('staff.orders.product')} className="staff-row__wrap">
        {order.product}
      </td>
      <td data-label={t('staff.orders.os')}>{order.os ?? t('staff.orders.noOs')}</td>
      <td data-label={t('staff.orders.status')}>
        <StaffOrderStatus order={order} />
      </td>
      <td data-label={t('staff.orders.support')}>
        {order.supportId === null ? (
          <span className="staff-row__muted">{t('staff.orders.unassigned')}</span>
        ) : (
          (order.support_name ?? `#${order.supportId}`)
        )}
      </td>
      <td data-label={t('staff.orders.actions')} className="staff-row__actions">
        {canTake(order) && (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            aria-busy={taking || undefined}
            aria-describedby={idCell}
            onClick={() => onTake(order.id)}
          >
            {taking ? t('staff.orders.taking') : t('staff.orders.take')}
          </button>
        )}
        {canAssign(order, myId) && (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            aria-expanded={picking}
            aria-describedby={idCell}
            onClick={() => onAssign(order.id)}
          >
            {t('staff.orders.assign')}
          </button>
        )}
      </td>
      <td data-label={t('staff.orders.date')} className="staff-row__date">
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, lng)}</time>
      </td>
    </tr>
  );
}

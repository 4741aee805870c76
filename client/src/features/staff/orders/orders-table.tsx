import { useTranslation } from 'react-i18next';
import type { StaffOrderDto } from '../../../../../shared/schemas/staff/orders';
import { OrderRow } from './order-row';

interface Props {
  orders: readonly StaffOrderDto[];
  myId: number;
  takingId: number | null;
  pickingId: number | null;
  onTake: (orderId: number) => void;
  onAssign: (orderId: number) => void;
}

/** The orders: a table from 768 px, one card per order below (CSS only). */
export function OrdersTable({ orders, myId, takingId, pickingId, onTake, onAssign }: Props) {
  const { t } = useTranslation();
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('staff.orders.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.orders.id')}</th>
          <th scope="col">{t('staff.orders.client')}</th>
          <th scope="col">{t('staff.orders.product')}</th>
          <th scope="col">{t('staff.orders.os')}</th>
          <th scope="col">{t('staff.orders.status')}</th>
          <th scope="col">{t('staff.orders.support')}</th>
          <th scope="col">{t('staff.orders.actions')}</th>
          <th scope="col">{t('staff.orders.date')}</th>
        </tr>
      </thead>
      <tbody>
        {/* Keyed by id: a refresh updates rows in place. */}
        {orders.map((order) => (
          <OrderRow
            key={order.id}
            order={order}
            myId={myId}
            taking={takingId === order.id}
            busy={takingId !== null}
            picking={pickingId === order.id}
            onTake={onTake}
            onAssign={onAssign}
          />
        ))}
      </tbody>
    </table>
  );
}

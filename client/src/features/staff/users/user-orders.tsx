import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import type { StaffUserOrderDto } from '../../../../../shared/schemas/staff/users';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';
import { StaffOrderStatus } from '../staff-order-status';
import { UserPagedSection } from './user-paged-section';
import { useUserOrders } from './api/get-user-orders';

/** The account's orders, newest first, 50 a page: ID, Produit, Status, Total, Facture, Date. */
export function UserOrders({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const list = useUserOrders(userId);
  const texts = {
    loading: t('staff.users.detail.ordersLoading'),
    failed: t('staff.users.detail.ordersErrorload'),
    empty: t('staff.users.detail.noOrders'),
  };
  return (
    <UserPagedSection list={list} texts={texts}>
      {(orders) => <UserOrdersTable orders={orders} name={name} />}
    </UserPagedSection>
  );
}

function UserOrdersTable({ orders, name }: { orders: StaffUserOrderDto[]; name: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('staff.users.detail.ordersCaption', { name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.users.detail.id')}</th>
          <th scope="col">{t('staff.users.detail.product')}</th>
          <th scope="col">{t('staff.users.detail.status')}</th>
          <th scope="col">{t('staff.users.detail.total')}</th>
          <th scope="col">{t('staff.users.detail.invoice')}</th>
          <th scope="col">{t('staff.users.detail.date')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className="staff-row">
            <th scope="row" data-label={t('staff.users.detail.id')}>
              #{order.id}
            </th>
            <td data-label={t('staff.users.detail.product')} className="staff-row__wrap">
              {order.product_name || t('staff.users.detail.none')}
            </td>
            <td data-label={t('staff.users.detail.status')}>
              <StaffOrderStatus order={order} />
            </td>
            <td data-label={t('staff.users.detail.total')} className="staff-amount">
              {formatMoney(order.total_cents, order.currency, lng)}
            </td>
            <td data-label={t('staff.users.detail.invoice')}>
              {order.invoice_number ?? <span className="staff-row__muted">{t('staff.users.detail.noInvoice')}</span>}
            </td>
            <td data-label={t('staff.users.detail.date')} className="staff-row__nowrap">
              <time dateTime={order.created_at}>{formatDateTime(order.created_at, lng)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

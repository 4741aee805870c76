import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../../shared/constants';

/** An order's status in the customer's words (DESIGN.md §3 lifecycle), colour-coded. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <span className={`order-status order-status--${status}`}>{t(`orderStatus.${status}`)}</span>;
}

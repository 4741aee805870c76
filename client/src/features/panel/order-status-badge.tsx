import { useTranslation } from 'react-i18next';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';

/**
 * An order's status in the customer's words (DESIGN.md §3 lifecycle), colour-coded. An order ended
 * by its refund reads "Remboursée", not a bare "Annulée": the customer got their money back.
 */
export function OrderStatusBadge({ order }: { order: Pick<CustomerOrderDto, 'status' | 'cancel_reason'> }) {
  const { t } = useTranslation();
  const shown = order.status === 'cancelled' && order.cancel_reason === 'refunded' ? 'refunded' : order.status;
  return <span className={`order-status order-status--${shown}`}>{t(`orderStatus.${shown}`)}</span>;
}

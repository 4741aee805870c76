import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { StaffOrderDto } from '../../../../shared/schemas/staff/orders';
import { useLanguage } from '../../ui/use-language';

type Props = { order: Pick<StaffOrderDto, 'status' | 'cancel_reason' | 'refund' | 'currency'> };

/**
 * An order's status in the staff lists. An order ended by its refund reads "Remboursée", with the
 * amount and where it went, not a bare "Annulée" (issue 29 finding 10): staff answer the customer
 * who asks where the money is.
 */
export function StaffOrderStatus({ order }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const shown = order.status === 'cancelled' && order.cancel_reason === 'refunded' ? 'refunded' : order.status;
  return (
    <>
      <span className={`staff-status staff-status--${shown}`}>{t(`staff.orderStatus.${shown}`)}</span>
      {order.refund && (
        <span className="staff-row__secondary">
          {t('staff.refundedNote', {
            amount: formatMoney(order.refund.amount_cents, order.currency, lng),
            destination: t(`staff.refundDestination.${order.refund.to}`),
          })}
        </span>
      )}
    </>
  );
}

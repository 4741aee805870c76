import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { ConfirmDialog } from '../../ui/dialogs/confirm-dialog';
import { useLanguage } from '../../ui/use-language';

interface Props {
  order: CustomerOrderDto;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Cancel order no. 12?": its amount, that the product goes back on sale, and that it can no longer be paid. */
export function CancelOrderDialog({ order, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <ConfirmDialog
      title={t('panel.invoices.cancelOrder.title', { id: order.id })}
      text={t('panel.invoices.cancelOrder.text', { amount: formatMoney(order.total_cents, order.currency, lng) })}
      confirmLabel={t('panel.invoices.cancelOrder.confirm')}
      cancelLabel={t('panel.invoices.cancelOrder.keep')}
      confirmTone="danger"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

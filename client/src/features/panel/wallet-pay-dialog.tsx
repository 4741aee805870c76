import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { useLanguage } from '../../ui/use-language';
import { ConfirmDialog } from '../../ui/dialogs/confirm-dialog';
import { invoiceLabel } from './invoice-label';

interface Props {
  order: CustomerOrderDto;
  balanceCents: number;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Pay this invoice from your balance?": the invoice, its amount and what will be left. */
export function WalletPayDialog({ order, balanceCents, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const amount = formatMoney(order.total_cents, order.currency, lng);
  return (
    <ConfirmDialog
      title={t('panel.wallet.confirmTitle')}
      text={t('panel.wallet.confirmText', {
        number: invoiceLabel(order),
        amount,
        rest: formatMoney(balanceCents - order.total_cents, order.currency, lng),
      })}
      confirmLabel={t('panel.wallet.confirm', { amount })}
      confirmTone="primary"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

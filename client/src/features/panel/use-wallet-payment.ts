import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import type { WalletPaymentDto } from '../../../../shared/schemas/wallet';
import { usePayWithWallet } from './api/pay-with-wallet';
import { useLanguage } from '../../ui/use-language';
import { formatLongDate } from '../../ui/format-long-date';
import { invoiceLabel } from './invoice-label';
import { walletPaymentErrorKey } from './wallet-payment-error';

export interface PaymentNotice {
  tone: 'success' | 'error';
  text: string;
}

interface Options {
  /** The server's answer: the paid order and the new balance, to show at once. */
  onPaid: (answer: WalletPaymentDto) => void;
  /** After any answer: read orders and wallet again (a refusal often means our copy is behind). */
  onSettled: () => void;
}

/**
 * 'Payer avec mon solde' (POST /api/orders/{id}/pay-with-wallet, empty body), one at a time.
 * The outcome is a notice above the table: success, or why it was refused.
 */
export function useWalletPayment({ onPaid, onSettled }: Options) {
  const { t } = useTranslation();
  const lng = useLanguage();
  // mutateAsync keeps its identity: the callback below does not change on every render.
  const { mutateAsync: payWithWallet } = usePayWithWallet();
  const [payingId, setPayingId] = useState<number | null>(null);
  const [notice, setNotice] = useState<PaymentNotice | null>(null);
  const busy = useRef(false);

  const pay = useCallback(
    async (order: CustomerOrderDto) => {
      if (busy.current) return;
      busy.current = true;
      setPayingId(order.id);
      setNotice(null);
      try {
        const answer = await payWithWallet(order.id);
        onPaid(answer);
        // The paid invoice now has its definitive number: name it as the table will.
        const paid = t('panel.wallet.paid', { number: invoiceLabel(answer.order) });
        // A renewal: say until when the service now runs, nothing is delivered.
        const until = answer.order.renewed_until;
        setNotice({ tone: 'success', text: until ? `${paid} ${t('paymentReturn.renewed', { date: formatLongDate(until, lng) })}` : paid });
      } catch (error) {
        setNotice({ tone: 'error', text: t(walletPaymentErrorKey(error), { number: invoiceLabel(order) }) });
      } finally {
        busy.current = false;
        setPayingId(null);
        onSettled();
      }
    },
    [payWithWallet, lng, onPaid, onSettled, t],
  );

  return { payingId, notice, pay };
}

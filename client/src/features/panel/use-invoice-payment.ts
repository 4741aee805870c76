import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartInvoicePayment } from './api/start-invoice-payment';
import { useSession } from '../../app/session/use-session';
import { useLanguage } from '../../ui/use-language';
import { useDialogs } from '../../ui/dialogs/dialog-context';

/**
 * 'Payer' on an unpaid invoice: opens a Mollie payment and sends the customer there. One at a
 * time; a failure is the spec's alert (§8 'Impossible de lancer le paiement Mollie.').
 */
export function useInvoicePayment() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const lng = useLanguage();
  // mutateAsync keeps its identity: the callback below does not change on every render.
  const { mutateAsync: startPayment } = useStartInvoicePayment();
  const { user } = useSession();
  const userId = user?.id;
  const [payingId, setPayingId] = useState<number | null>(null);
  const busy = useRef(false);

  const pay = useCallback(
    async (orderId: number) => {
      if (busy.current) return;
      busy.current = true;
      setPayingId(orderId);
      try {
        const { checkoutUrl } = await startPayment({ orderId, userId, lng });
        // Stay busy: the page is being left for the payment page.
        window.location.assign(checkoutUrl);
      } catch {
        busy.current = false;
        setPayingId(null);
        void dialogs.alert(t('panel.invoices.payError'));
      }
    },
    [startPayment, userId, lng, t, dialogs],
  );

  return { payingId, pay };
}

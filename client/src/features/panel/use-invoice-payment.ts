import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkoutApi } from '../../../../shared/contract/checkout';
import { useAuthedApi } from '../../app/session/use-authed-api';
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
  const api = useAuthedApi();
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
        const { checkoutUrl } = await api.call(checkoutApi.invoice, { body: { orderId, userId, lng } });
        // Stay busy: the page is being left for the payment page.
        window.location.assign(checkoutUrl);
      } catch {
        busy.current = false;
        setPayingId(null);
        void dialogs.alert(t('panel.invoices.payError'));
      }
    },
    [api, userId, lng, t, dialogs],
  );

  return { payingId, pay };
}

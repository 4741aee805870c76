import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { ApiError } from '../../api/client';
import { useCancelOrder } from './api/cancel-order';
import type { PaymentNotice } from './use-wallet-payment';

interface Options {
  /** The server's answer: the order, now cancelled, to show at once. */
  onCancelled: (order: CustomerOrderDto) => void;
  /** After any answer: read the orders again (a refusal means our copy is behind). */
  onSettled: () => void;
}

/**
 * "Annuler la commande" once confirmed (POST /api/orders/{id}/cancel, empty body), one at a time.
 * The outcome is a notice above the table: done, or why it was refused.
 */
export function useOrderCancel({ onCancelled, onSettled }: Options) {
  const { t } = useTranslation();
  // mutateAsync keeps its identity: the callback below does not change on every render.
  const { mutateAsync: cancelOrder } = useCancelOrder();
  const [cancellingId, setCancellingId] = useState<number | null>(null);
  const [notice, setNotice] = useState<PaymentNotice | null>(null);
  const busy = useRef(false);

  const cancel = useCallback(
    async (order: CustomerOrderDto) => {
      if (busy.current) return;
      busy.current = true;
      setCancellingId(order.id);
      setNotice(null);
      try {
        const answer = await cancelOrder(order.id);
        onCancelled(answer.order);
        setNotice({ tone: 'success', text: t('panel.invoices.cancelOrder.done', { id: order.id }) });
      } catch (error) {
        const refused = error instanceof ApiError && error.status === 409;
        setNotice({ tone: 'error', text: t(refused ? 'panel.invoices.cancelOrder.notUnpaid' : 'panel.invoices.cancelOrder.error') });
      } finally {
        busy.current = false;
        setCancellingId(null);
        onSettled();
      }
    },
    [cancelOrder, onCancelled, onSettled, t],
  );

  return { cancellingId, notice, cancel };
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkoutApi } from '../../../../shared/contract/checkout';
import { ordersApi } from '../../../../shared/contract/orders';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { FormAlert } from '../../ui/form-alert';
import { openProviderPage } from '../../app/checkout/open-provider-page';
import { useDialogs } from '../../ui/dialogs/dialog-context';

/**
 * The online wallet: reads the order for its PayPal link and goes there. The link is made on the
 * server after the order; while it is not there yet the customer is told so (spec §2). A link past
 * PayPal's approval window is not given any more: a fresh PayPal payment is opened instead.
 */
export function PaypalChoice({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const api = useAuthedApi();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function pay() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const { order } = await api.call(ordersApi.get, { params: { id: String(orderId) } });
      let paypalUrl = order.paypalUrl;
      if (!paypalUrl && order.status === 'unpaid' && order.payment_method === 'paypal') {
        paypalUrl = (await api.call(checkoutApi.paypalAgain, { body: { orderId } })).order.paypalUrl;
      }
      if (paypalUrl) {
        openProviderPage(paypalUrl); // busy stays on: the page is being left
        return;
      }
      await dialogs.alert(t('paymentteste.wallet.pending'));
    } catch {
      setFailed(true);
    }
    setBusy(false);
  }

  return (
    <div className="test-bank">
      <p className="payment-card__hint">{t('paymentteste.wallet.intro')}</p>
      {failed && <FormAlert tone="error">{t('paymentteste.wallet.error')}</FormAlert>}
      <button
        type="button"
        className="button button--primary button--block button--large"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void pay()}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? t('paymentteste.wallet.loading') : t('paymentteste.wallet.button')}
      </button>
    </div>
  );
}

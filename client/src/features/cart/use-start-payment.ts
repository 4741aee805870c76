import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../shared/schemas/auth';
import type { CartLine } from '../../app/cart/cart-line';
import { checkoutApi } from '../../../../shared/contract/checkout';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useLanguage } from '../../ui/use-language';
import { cardCheckoutBody, paypalOrderBody } from './checkout-api';
import { checkoutFailureKey } from '../../app/checkout/failure';
import { openProviderPage } from '../../app/checkout/open-provider-page';
import type { CartPaymentMethod } from './payment-method';

/**
 * Starts paying the cart with the chosen method: card and PayPal go straight to the provider's page
 * (PayPal's approval page, or the sandbox's in development), bank transfer to the bank-transfer page
 * (which creates its order). Issue 34: PayPal no longer passes through the test payment page, whose
 * address carried the user id and the whole cart and asked for the method again.
 */
export function useStartPayment(lines: readonly CartLine[], taxRate: number | null = null) {
  const api = useAuthedApi();
  const navigate = useNavigate();
  const lng = useLanguage();
  const { i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Back from the provider's page through the browser's cache: the page is live again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function start(method: CartPaymentMethod, user: SessionUser) {
    if (busy) return;
    setFailure(null);
    if (method === 'bank_transfer') {
      navigate(`/${lng}/payment`);
      return;
    }
    setBusy(true);
    const buyer = { userId: user.id, lng, taxRate };
    try {
      if (method === 'card') {
        const { checkoutUrl } = await api.call(checkoutApi.card, { body: cardCheckoutBody(lines, buyer) });
        if (!checkoutUrl) throw new Error('no checkoutUrl in the answer');
        openProviderPage(checkoutUrl); // busy stays on: the page is being left
        return;
      }
      const { order } = await api.call(checkoutApi.paypal, { body: paypalOrderBody(lines, buyer) });
      if (!order.paypalUrl) throw new Error('no paypalUrl in the answer');
      openProviderPage(order.paypalUrl); // busy stays on: the page is being left
    } catch (error) {
      // Spec §8: card checkout failures are logged; the customer also gets a text to act on.
      if (method === 'card') console.error('Card checkout could not start', error);
      // A refused line says why in the checkout's own words (e.g. checkout.errors.os: choose a system).
      setFailure(checkoutFailureKey(error, undefined, (key) => key.startsWith('checkout.errors.') && i18n.exists(key)));
      setBusy(false);
    }
  }

  return { start, busy, failure, clearFailure: () => setFailure(null) };
}

import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { useSession } from '../../app/session/use-session';
import { FormAlert } from '../../ui/form-alert';
import { useLanguage } from '../../ui/use-language';
import { LoginNeeded } from './login-needed';
import { readOrderId } from './order-api';
import { OrderConfirmed } from './order-confirmed';
import { ReturnCard } from './return-card';
import { CancelIcon, RefundIcon, SuccessIcon, WaitingIcon } from './return-icons';
import { useClearPurchasedCart } from './use-clear-purchased-cart';
import { useOrderConfirmation } from './use-order-confirmation';

/** /{lng}/payment/success?orderId=N: where the provider sends the customer back after paying. */
export function PaymentSuccessPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const orderId = readOrderId(params);
  if (!user) return <LoginNeeded />;
  if (orderId === null) return <UnknownOrder messageKey="paymentReturn.noOrder" />;
  return <OrderConfirmation orderId={orderId} />;
}

/** Waits for the payment to be confirmed, then shows the order; the status sentences are live. */
function OrderConfirmation({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const state = useOrderConfirmation(orderId);
  const settled = state.status === 'settled' ? state.order : null;
  const paid = settled && settled.status !== 'cancelled' ? settled : null;
  useClearPurchasedCart(paid);

  if (state.status === 'not_found') return <UnknownOrder messageKey="paymentReturn.notFound" />;
  if (settled?.refund) return <RefundedOrder currency={settled.currency} refund={settled.refund} />;
  if (settled && !paid) {
    return (
      <ReturnCard title={t('paymentReturn.cancelledOrderTitle')} icon={<CancelIcon />}>
        <FormAlert tone="info">{t('paymentReturn.cancelledOrder')}</FormAlert>
        <PanelLink />
      </ReturnCard>
    );
  }

  const waiting = state.status === 'waiting';
  const title = paid ? t('paymentReturn.successTitle') : waiting ? t('paymentReturn.waitingTitle') : t('paymentReturn.slowTitle');
  return (
    <ReturnCard title={title} icon={paid ? <SuccessIcon /> : <WaitingIcon />}>
      {/* One region from the first render on, so the change from waiting to paid is announced. */}
      <div className="payment-return__live" aria-live="polite">
        {waiting && (
          <p className="status-line">
            <span className="spinner" aria-hidden="true" />
            {t('paymentReturn.waiting')}
          </p>
        )}
        {paid && <p className="payment-return__lead">{t(paid.renewed_until ? 'paymentReturn.renewedThanks' : 'paymentReturn.thanks')}</p>}
      </div>
      {waiting && <p className="payment-return__hint">{t('paymentReturn.waitingHint')}</p>}
      {paid && <OrderConfirmed order={paid} />}
      {state.status === 'slow' && (
        <>
          <FormAlert tone="info">{t('paymentReturn.slow')}</FormAlert>
          <PanelLink />
        </>
      )}
    </ReturnCard>
  );
}

/** Paid, then given back in full before delivery: what came back and where, not "no payment expected". */
function RefundedOrder({ currency, refund }: { currency: string; refund: NonNullable<CustomerOrderDto['refund']> }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <ReturnCard title={t('paymentReturn.refundedOrderTitle')} icon={<RefundIcon />}>
      <FormAlert tone="info">
        {t('paymentReturn.refundedOrder', {
          amount: formatMoney(refund.amount_cents, currency, lng),
          destination: t(`refundDestination.${refund.to}`),
        })}
      </FormAlert>
      <PanelLink />
    </ReturnCard>
  );
}

function UnknownOrder({ messageKey }: { messageKey: 'paymentReturn.notFound' | 'paymentReturn.noOrder' }) {
  const { t } = useTranslation();
  return (
    <ReturnCard title={t('paymentReturn.notFoundTitle')}>
      <FormAlert tone="error">{t(messageKey)}</FormAlert>
      <PanelLink />
    </ReturnCard>
  );
}

function PanelLink() {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <Link className="button button--primary button--block" to={`/${lng}/PanelCLient?tab=factures`}>
      {t('paymentReturn.panelLink')}
    </Link>
  );
}

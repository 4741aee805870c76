import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Language } from '../../../shared/i18n/languages';
import type { PaymentAdapters } from '../../providers/payments/index';
import { PaymentProviderError, type PaymentProvider } from '../../providers/payments/types';
import type { UserRow } from '../auth/users.repo';
import { writeAudit } from '../audit/audit.repo';
import { serverText } from '../../i18n/server-text';
import type { Clock } from '../../clock/clock';
import { canTransition } from '../orders/order-lifecycle';
import { recordPaymentStarted, type OrderRow } from '../orders/orders.repo';
import { PROVIDER_METHOD } from '../payments/payment-events.service';
import { recordPaymentSession } from '../payments/payment-sessions.repo';
import { OrderNotPayable, PaymentProviderUnavailable } from './checkout.errors';

export interface StartPaymentDeps {
  db: Knex;
  adapters: PaymentAdapters;
  publicUrl: string;
  logger: Pick<Logger, 'warn'>;
  /** The process's clock (server/app.ts); the system clock when absent. */
  clock: Clock;
}

/** Where the customer lands after the provider's page; PayPal comes back to a URL that captures first. */
function returnUrls(publicUrl: string, provider: PaymentProvider, orderId: number, lng: Language) {
  const success =
    provider === 'paypal'
      ? `${publicUrl}/api/payment/paypal/return?orderId=${orderId}&lng=${lng}`
      : `${publicUrl}/${lng}/payment/success?orderId=${orderId}`;
  return { successUrl: success, cancelUrl: `${publicUrl}/${lng}/payment/cancel?orderId=${orderId}` };
}

/**
 * Opens a payment at the provider for an unpaid order and keeps its reference on the order. A
 * provider that is down or refuses leaves the order unpaid (502 with its id): the customer can pay
 * it later from the panel.
 */
export async function startPayment(
  deps: StartPaymentDeps,
  order: OrderRow,
  user: UserRow,
  provider: PaymentProvider,
  lng: Language,
  /** A new payment even if one was opened for this order before (a PayPal link that lapsed). */
  fresh = false,
): Promise<{ redirectUrl: string }> {
  if (!canTransition(order, 'paid')) throw OrderNotPayable(order.status);
  const adapter = deps.adapters[provider];
  let created;
  try {
    created = await adapter.createPayment({
      orderId: order.id,
      orderUuid: order.uuid,
      amountCents: order.total_cents,
      currency: order.currency,
      description: serverText(lng, 'providers.paymentDescription', { orderId: String(order.id) }),
      customerEmail: user.email,
      ...returnUrls(deps.publicUrl, provider, order.id, lng),
      webhookUrl: `${deps.publicUrl}/api/webhooks/${provider}`,
      language: lng,
      ...(fresh ? { requestKey: `${order.uuid}:${deps.clock.now().getTime()}` } : {}),
      ...(order.reserved_until ? { payableForSeconds: (order.reserved_until.getTime() - deps.clock.now().getTime()) / 1000 } : {}),
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.logger.warn({ provider, orderId: order.id, reason: err.message }, 'payment could not be started');
    throw PaymentProviderUnavailable(order.id);
  }

  await deps.db.transaction(async (trx) => {
    const started = await recordPaymentStarted(
      trx,
      order.id,
      { payment_method: PROVIDER_METHOD[provider], provider_ref: created.providerRef, payment_url: created.redirectUrl },
      deps.clock.now(),
    );
    // Paid meanwhile through another tab: never send the customer to pay a second time.
    if (!started) throw OrderNotPayable('paid');
    // Every checkout is kept: once the order is paid another way, the ones still open are closed.
    await recordPaymentSession(trx, { order_id: order.id, provider, provider_ref: created.providerRef }, deps.clock.now());
    await writeAudit(trx, {
      actorId: user.id,
      action: 'payment.started',
      entityType: 'order',
      entityId: order.id,
      after: { provider, mode: adapter.mode, providerRef: created.providerRef },
    });
  });
  return { redirectUrl: created.redirectUrl };
}

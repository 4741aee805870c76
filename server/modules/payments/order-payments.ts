import type { OrderPayments } from '../orders/ports/order-payments';
import { closeOpenPaymentsLater } from './payment-follow-ups';
import { paymentSessionsOpenedAt } from './payment-sessions.repo';

/** The orders module's port onto payments (wired in app.ts, main.ts and the billing cycle). */
export const orderPayments: OrderPayments = {
  closeOpenLater: closeOpenPaymentsLater,
  sessionsOpenedAt: paymentSessionsOpenedAt,
};

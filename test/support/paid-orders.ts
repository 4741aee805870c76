import request from 'supertest';
import type { Knex } from 'knex';
import { sandboxSecret } from '../../server/providers/payments/index';
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from '../../server/providers/payments/sandbox';
import type { OrderRow } from '../../server/modules/orders/orders.repo';
import { TEST_JWT_SECRET } from './app';
import { startCardCheckout } from './checkout';

type App = Parameters<typeof request>[0];

/** The card sandbox's signed notification that the checkout was paid, as the provider would send it. */
export async function notifyCardPaid(application: App, checkoutId: string): Promise<void> {
  const body = JSON.stringify({ id: `evt_${checkoutId}_paid`, checkoutId, outcome: 'paid' });
  await request(application)
    .post('/api/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set(SANDBOX_SIGNATURE_HEADER, sandboxSignature(sandboxSecret(TEST_JWT_SECRET), body))
    .send(body)
    .expect(200);
}

/** Places a card order with the cart body the client would send, pays it through the sandbox, answers the paid order row. */
export async function paidCardOrder(application: App, db: Knex, userId: number, body: Record<string, unknown>): Promise<OrderRow> {
  const { orderId, checkoutId } = await startCardCheckout(application, userId, body);
  await notifyCardPaid(application, checkoutId);
  return (await db<OrderRow>('orders').where({ id: orderId }).first())!;
}

/** A file answer (PDF, XML, zip) read as bytes. */
export function binary(req: request.Test): request.Test {
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

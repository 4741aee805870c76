import type { Knex } from 'knex';
import { friendlyFormatIBAN } from 'ibantools';
import { formatMoney } from '../../../shared/money/cart-totals';
import { NotFoundError } from '../../http/errors';
import { authorize } from '../../policies/authorize';
import type { BankAccount } from '../../shared/bank-account';
import type { UserRow } from '../auth/users.repo';
import { writeAudit } from '../audit/audit.repo';
import type { Mailer } from '../mail/mail.service';
import type { Clock } from '../../clock/clock';
import { canTransition } from '../orders/order-lifecycle';
import { orderDeliveryPromise } from '../catalog/delivery-promise.repo';
import { lockOrder, recordTransferAnnounced } from '../orders/orders.repo';
import { reservationLapsed } from '../orders/reservation';
import { OrderNotPayable, ReservationExpired } from './checkout.errors';

/** When the transfer must have arrived by, as the customer reads it (the order is cancelled then). */
const dueDate = (user: UserRow, at: Date) =>
  new Intl.DateTimeFormat(user.language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(at);

/**
 * The customer declares the transfer made (spec "confirm"): the order stays unpaid, flagged as
 * announced, until staff see the money arrive (DESIGN.md §3). The transfer details are mailed once.
 * Confirming again changes nothing but the payer's details.
 */
export async function announceTransfer(
  deps: { db: Knex; mailer: Mailer; bank: BankAccount; clock: Clock },
  user: UserRow,
  input: { orderId: number; payerName: string; payerIban: string },
): Promise<void> {
  const mailId = await deps.db.transaction(async (trx) => {
    const order = await lockOrder(trx, input.orderId);
    if (!order) throw NotFoundError('No such order');
    authorize(user, 'order.pay', order);
    if (!canTransition(order, 'paid') || !order.transfer_reference) throw OrderNotPayable(order.status);
    const at = deps.clock.now();
    // Past its due date the order is being cancelled: a transfer made now would arrive too late.
    if (reservationLapsed(order, at)) throw ReservationExpired();

    const first = order.transfer_announced_at === null;
    await recordTransferAnnounced(
      trx,
      order.id,
      { payer_name: input.payerName, payer_iban: input.payerIban },
      order.transfer_announced_at ?? at,
      at,
    );
    if (!first) return null;
    await writeAudit(trx, {
      actorId: user.id,
      action: 'order.transfer_announced',
      entityType: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: { status: order.status, reference: order.transfer_reference },
    });
    const amount = formatMoney(order.total_cents, order.currency, user.language);
    // Servers that deliver themselves are promised in minutes after the transfer, the others in the terms' days.
    const automatic = (await orderDeliveryPromise(trx, order.id)) === 'automatic';
    return deps.mailer.queueNotice(
      trx,
      { email: user.email, fullName: user.full_name, language: user.language },
      {
        template: 'bankTransfer',
        path: 'PanelCLient?tab=factures',
        vars: { orderId: String(order.id), amount, ...(automatic && { context: 'automatic' }) },
        details: [
          ['amount', amount],
          ['beneficiary', deps.bank.accountHolder],
          ['iban', friendlyFormatIBAN(deps.bank.iban) ?? deps.bank.iban],
          ['bic', deps.bank.bic],
          ['reference', order.transfer_reference],
          ...(order.reserved_until ? [['dueDate', dueDate(user, order.reserved_until)] as const] : []),
        ],
        dedupeKey: `bank-transfer-${order.id}`,
      },
    );
  });
  if (mailId !== null) deps.mailer.send([mailId]);
}

import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { frozenClock, type Clock } from '../../clock/clock';
import type { JobQueue } from '../../jobs/job-queue';
import type { Mailer } from '../mail/mail.service';
import { transitionOrder } from './order-lifecycle';
import { lockOrder, stockedLines } from './orders.repo';
import type { OrderPayments } from './ports/order-payments';
import { reservationLapsed } from './reservation';
import { queueReservationExpiredMail } from './reservation-expired.mail';
import { lapsedReservations } from './reservations.repo';
import { returnStock } from './stock.repo';

/** Orders one run cancels at most; the next run (a minute later) takes the rest. */
const BATCH = 200;

export interface ReservationExpiryDeps {
  db: Knex;
  /** Queues the closing of the order's checkouts still open at providers, after the commit. */
  jobs: JobQueue;
  payments: OrderPayments;
  mailer: Mailer;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/**
 * Cancels the unpaid checkout orders whose reservation lapsed (reservation.ts), at the clock's
 * time. Each order is one transaction under its row lock: the lifecycle's `reservation_expired`
 * event (status, cancelled_at, audit row, the customer's mail), the stock given back, and a job
 * queued to close its provider checkouts (their pages then take no late payment). A payment
 * holding the same lock either committed first (the order is no longer unpaid: skipped) or waits
 * and then finds the order cancelled (its own path refuses or refunds). Two runs at once cancel
 * each order once: the second finds it cancelled under the lock.
 */
export function createReservationExpiry(deps: ReservationExpiryDeps) {
  const { db, jobs, payments, mailer, logger } = deps;

  async function expire(orderId: number, now: Date): Promise<{ mailId: number | null } | null> {
    return db.transaction(async (trx) => {
      const order = await lockOrder(trx, orderId);
      // Paid, cancelled by another run or by staff, since the candidates were read.
      if (!order || !reservationLapsed(order, now)) return null;
      const restocked = await stockedLines(trx, order.id);
      for (const line of restocked) await returnStock(trx, line.product_id, line.qty, now);
      const { mailId } = await transitionOrder(trx, {
        order,
        event: 'reservation_expired',
        actor: null,
        clock: frozenClock(now),
        set: { cancel_reason: 'reservation_expired' },
        audit: {
          before: { reservedUntil: order.reserved_until!.toISOString(), method: order.payment_method },
          after: { reason: 'reservation_expired', restocked },
        },
        mail: (mailTrx, cancelled) => queueReservationExpiredMail(mailTrx, mailer, cancelled),
      });
      await payments.closeOpenLater(trx, jobs, order.id);
      return { mailId };
    });
  }

  return {
    /** One pass: every lapsed reservation is cancelled once; answers how many this run cancelled. */
    async sweep(): Promise<number> {
      const now = deps.clock.now();
      let expired = 0;
      for (const orderId of await lapsedReservations(db, now, BATCH)) {
        try {
          const result = await expire(orderId, now);
          if (!result) continue;
          expired += 1;
          if (result.mailId !== null) mailer.send([result.mailId]);
        } catch (err) {
          logger.warn({ orderId, err }, 'reservation not expired; the next run tries again');
        }
      }
      if (expired > 0) logger.info({ expired }, 'unpaid orders cancelled: reservation expired');
      return expired;
    },
  };
}

export type ReservationExpiry = ReturnType<typeof createReservationExpiry>;

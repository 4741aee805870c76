import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import { queueBillingNotice } from '../billing-cycle/billing-notice';
import type { Mailer } from '../mail/mail.service';
import { methodLabelOf } from '../saved-methods/method-label';
import { FIRST_CHARGE_DAYS } from '../../../shared/billing/service-period';
import { cardsExpiringBeforeRenewal } from './renewal-charges.repo';

/** How long ahead of a renewal a card that will have expired by then is announced. */
export const CARD_EXPIRY_NOTICE_DAYS = 30;

/**
 * A month before a server's renewal, the customer whose default card will have expired by the
 * charge is mailed to save another; once per card and renewal (the mail's key), whatever the runs.
 */
export async function warnExpiringCards(deps: { db: Knex; mailer: Mailer; clock: Clock; logger: Pick<Logger, 'warn'> }): Promise<number> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + CARD_EXPIRY_NOTICE_DAYS * 86_400_000);
  const cards = await cardsExpiringBeforeRenewal(deps.db, now, until, FIRST_CHARGE_DAYS);
  let mailed = 0;
  for (const card of cards) {
    try {
      const mailId = await deps.db.transaction((trx) =>
        queueBillingNotice(trx, deps.mailer, Number(card.user_id), {
          template: 'cardExpiring',
          path: 'PanelCLient?tab=paiement',
          vars: ({ date }) => ({
            serviceName: card.service_name,
            method: methodLabelOf({ kind: 'card', brand: card.brand, last4: card.last4, bank_account: null }),
            expiry: `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`,
            chargeDate: date(new Date(card.expires_at.getTime() - FIRST_CHARGE_DAYS * 86_400_000)),
          }),
          details: [
            ['service', 'serviceName'],
            ['method', 'method'],
            ['expiry', 'expiry'],
            ['chargeDate', 'chargeDate'],
          ],
          dedupeKey: `card-expiring-${card.method_id}-${card.vps_id}-${card.expires_at.toISOString().slice(0, 10)}`,
        }),
      );
      if (mailId !== null) {
        deps.mailer.send([mailId]);
        mailed += 1;
      }
    } catch (err) {
      deps.logger.warn({ methodId: card.method_id, err }, 'expiring card notice failed; the next run tries again');
    }
  }
  return mailed;
}

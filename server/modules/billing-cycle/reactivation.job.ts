import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { Mailer } from '../mail/mail.service';
import type { ServiceMachines } from '../services/machines/service-machines';
import { findBilledService, serviceLabel } from './billing.repo';
import { queueBillingNotice } from './billing-notice';
import { askProvider } from './provider-actions';

/**
 * After a renewal brought suspended services back (their status changed with the payment): each
 * is unsuspended at its provider (the VPS powered on, the game server unsuspended on the panel) and
 * the customer mailed once. A provider error throws, so the job is retried (and the sweep asks
 * again meanwhile); a machine already running is fine.
 */
export async function reactivateServices(
  deps: { db: Knex; mailer: Mailer; machines: ServiceMachines; clock: Clock; logger: Pick<Logger, 'warn'> },
  orderId: number,
  serviceIds: readonly number[],
): Promise<void> {
  const { db, mailer } = deps;
  for (const serviceId of serviceIds) {
    const service = await findBilledService(db, serviceId);
    if (!service || service.status !== 'active') continue; // suspended again or terminated since: nothing to bring back
    await askProvider(deps, service, 'unsuspend');

    const mailId = await queueBillingNotice(db, mailer, service.user_id, {
      template: 'serviceReactivated',
      path: 'PanelCLient',
      vars: ({ date }) => ({ serviceName: serviceLabel(service), expiresAt: date(service.expires_at) }),
      details: [
        ['service', 'serviceName'],
        ['expiresAt', 'expiresAt'],
      ],
      dedupeKey: `service-reactivated-${service.id}-order-${orderId}`,
    });
    if (mailId !== null) mailer.send([mailId]);
  }
}

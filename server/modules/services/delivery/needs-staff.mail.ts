import type { Knex } from 'knex';
import type { Mailer } from '../../mail/mail.service';
import type { ServiceRow } from '../services.repo';
import { deliveryWatchers } from './delivery-watchers.repo';

/**
 * "Paid and never delivered" must reach a person: the agents on duty and every admin get a mail,
 * in their language, written in the transaction that hands the service to staff (once per service
 * and hand-over: a retried job writes nothing twice). Answers the outbox ids to send after commit.
 */
export async function queueNeedsStaffMails(
  trx: Knex,
  mailer: Mailer,
  service: ServiceRow,
  facts: { product: string; customer: string; error: string; handOver: number },
): Promise<number[]> {
  const ids: number[] = [];
  for (const watcher of await deliveryWatchers(trx)) {
    const id = await mailer.queueNotice(
      trx,
      { email: watcher.email, fullName: watcher.full_name ?? '', language: watcher.language },
      {
        template: 'deliveryNeedsStaff',
        path: 'dashboard-admin',
        vars: { orderId: String(service.order_id), serviceId: String(service.id), product: facts.product },
        details: [
          ['order', `#${service.order_id}`],
          ['customer', facts.customer],
          ['product', facts.product],
          ['error', facts.error],
        ],
        dedupeKey: `delivery-needs-staff-${service.id}-${facts.handOver}-${watcher.id}`,
      },
    );
    if (id !== null) ids.push(id);
  }
  return ids;
}

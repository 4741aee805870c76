import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { JobQueue } from '../../../jobs/job-queue';
import { PROVISION_SERVICE_QUEUE } from '../../../jobs/queues';
import type { OrderRow } from '../../orders/orders.repo';
import { createService } from '../service-lifecycle';
import { servicesOfOrder } from '../services.repo';
import { orderLinesToDeliver } from './delivery.repo';

/** An automatic delivery not finished by then goes to staff (DESIGN.md §7). */
export const DELIVERY_DEADLINE_MS = 10 * 60_000;

export interface ProvisionServiceJob {
  serviceId: number;
}

/**
 * In the payment's transaction: one service per unit bought. An automatic product's service starts
 * provisioning and its first delivery step is queued in the same transaction, so a payment that
 * commits always has its delivery on the way; a manual one waits for an agent (needs_staff), as the
 * spec's workflow does. A renewal, or an order whose services exist already, makes none.
 */
export async function createServicesForPaidOrder(trx: Knex, deps: { jobs: JobQueue; clock: Clock }, order: OrderRow): Promise<number[]> {
  if (order.renewal_of_order_id !== null) return [];
  if ((await servicesOfOrder(trx, order.id)).length) return [];
  const at = deps.clock.now();
  const queued: number[] = [];
  for (const line of await orderLinesToDeliver(trx, order.id)) {
    const delivery = line.delivery ?? 'manual';
    const automatic = delivery !== 'manual';
    for (let unit = 1; unit <= line.qty; unit += 1) {
      const service = await createService(
        trx,
        {
          user_id: order.user_id,
          order_id: order.id,
          order_line_id: line.id,
          unit,
          product_id: line.product_id,
          kind: line.service_kind ?? 'vps',
          delivery,
          status: automatic ? 'provisioning' : 'needs_staff',
          os: line.os,
          variant: line.variant,
          delivery_deadline: automatic ? new Date(at.getTime() + DELIVERY_DEADLINE_MS) : null,
        },
        { actor: null, clock: deps.clock },
      );
      if (automatic) {
        const job: ProvisionServiceJob = { serviceId: service.id };
        await deps.jobs.send(trx, PROVISION_SERVICE_QUEUE.name, job);
        queued.push(service.id);
      }
    }
  }
  return queued;
}

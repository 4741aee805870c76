import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { ValidationError } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import { END_SERVICE_QUEUE } from '../../jobs/queues';
import type { RefundedServiceEnding } from '../../../shared/schemas/staff/billing';
import type { OrderRow } from '../orders/orders.repo';
import { releaseMachine } from './delivery/delivery.repo';
import { markVpsTerminated } from './vps-mirror.repo';
import { transitionService } from './service-lifecycle';
import { lockService, servicesOfOrder, type ServiceRow } from './services.repo';

export interface EndServiceJob {
  serviceId: number;
}

const LIVE = new Set<ServiceRow['status']>(['active', 'suspended']);
const WAITING = new Set<ServiceRow['status']>(['provisioning', 'needs_staff']);

/**
 * After a refund, in its transaction (the order locked): an order refunded in full before its
 * delivery ends its waiting services (nothing is left to deliver; a machine claimed goes back to
 * the inventory, a server already made is deleted by a job after the commit). A delivered one
 * refunded in full ends as staff chose: now (deleted at the provider after the commit) or at the
 * end of its term (no renewal). A partial refund leaves the services as they are.
 */
export async function endServicesOfRefundedOrder(
  trx: Knex,
  deps: { jobs: JobQueue; clock: Clock },
  input: { order: OrderRow; ending?: RefundedServiceEnding; actor: number; ip?: string },
): Promise<void> {
  const { order } = input;
  if (order.refunded_cents < order.total_cents) return;
  const services = await servicesOfOrder(trx, order.id);
  const live = services.filter((s) => LIVE.has(s.status));
  if (live.length && !input.ending) {
    throw ValidationError({ services: ['Choisissez : résilier maintenant ou à l’échéance.'] }, 'Choose how the delivered services end');
  }
  for (const service of services) {
    const now = WAITING.has(service.status) || (LIVE.has(service.status) && input.ending === 'terminate_now');
    const atTerm = LIVE.has(service.status) && input.ending === 'end_of_term' && service.end_at_term_requested_at === null;
    if (!now && !atTerm) continue;
    const locked = await lockService(trx, service.id);
    if (!locked) continue;
    if (atTerm) {
      await transitionService(trx, {
        service: locked,
        event: 'end_scheduled',
        actor: input.actor,
        ip: input.ip,
        clock: deps.clock,
        audit: { after: { reason: 'refunded' } },
      });
      continue;
    }
    // A machine claimed but not delivered goes back to the inventory, and is not the service's to delete.
    const released = WAITING.has(locked.status) && locked.vps_id !== null;
    if (released) await releaseMachine(trx, locked.vps_id!, deps.clock.now());
    await transitionService(trx, {
      set: released ? { vps_id: null } : {},
      service: locked,
      event: 'terminated',
      actor: input.actor,
      ip: input.ip,
      clock: deps.clock,
      audit: { after: { reason: 'refunded' } },
    });
    if (!released && locked.kind === 'vps' && locked.vps_id !== null) await markVpsTerminated(trx, locked.vps_id, deps.clock.now());
    const job: EndServiceJob = { serviceId: locked.id };
    await deps.jobs.send(trx, END_SERVICE_QUEUE.name, job, { singletonKey: `end-service-${locked.id}` });
  }
}

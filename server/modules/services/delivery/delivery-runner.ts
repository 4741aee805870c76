import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { DeliveryMode } from '../../../../shared/constants';
import { frozenClock, type Clock } from '../../../clock/clock';
import type { JobQueue } from '../../../jobs/job-queue';
import { PROVISION_SERVICE_QUEUE } from '../../../jobs/queues';
import type { Mailer } from '../../mail/mail.service';
import { transitionService } from '../service-lifecycle';
import { findService, lockService, overdueDeliveries, recordAttempt, recordServiceFacts, type ServiceRow } from '../services.repo';
import { productDelivery, serviceOwner } from './delivery.repo';
import type { ProvisionServiceJob } from './create-services';
import { finishDelivery } from './finish-delivery';
import { queueNeedsStaffMails } from './needs-staff.mail';
import type { Provisioner } from './provisioner';
import { deliveriesTotal } from '../../../metrics/instruments';

/** Provider errors kept in the attempts list, cut to a readable length (never a key: adapters never put one in a message). */
const DETAIL_MAX = 500;

export type Provisioners = Readonly<Record<Exclude<DeliveryMode, 'manual'>, Provisioner>>;

export interface DeliveryDeps {
  db: Knex;
  jobs: JobQueue;
  clock: Clock;
  mailer: Mailer;
  provisioners: Provisioners;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/**
 * Runs one step of a service's delivery (the provision-service job). Every step is idempotent and
 * recorded as an attempt; one that waits on the provider queues the next look; a refusal hands the
 * service to staff at once; a provider that cannot be reached throws, and pg-boss retries with
 * backoff until the deadline, when the watchdog hands it to staff. Never silent.
 */
export function createDeliveryRunner(deps: DeliveryDeps) {
  const { db, jobs, clock, logger } = deps;

  /** service_deliveries_total, by the service's kind and delivery provider. */
  function count(service: ServiceRow, outcome: 'delivered' | 'handed_to_staff' | 'provider_error'): void {
    deliveriesTotal.inc({ kind: service.kind, provider: service.delivery, outcome });
  }

  async function handOver(service: ServiceRow, reason: string): Promise<void> {
    let handedOver = false;
    const mailIds = await db.transaction(async (trx) => {
      const locked = await lockService(trx, service.id);
      if (!locked || locked.status !== 'provisioning') return [];
      handedOver = true;
      const handed = await transitionService(trx, {
        service: locked,
        event: 'delivery_failed',
        actor: null,
        clock,
        set: { last_error: reason.slice(0, DETAIL_MAX), delivery_deadline: null },
        audit: { after: { reason: reason.slice(0, DETAIL_MAX) } },
      });
      await recordAttempt(trx, {
        service_id: service.id,
        step: 'hand_over',
        outcome: 'gave_up',
        detail: reason.slice(0, DETAIL_MAX),
        at: clock.now(),
      });
      const product = handed.product_id === null ? undefined : await productDelivery(trx, handed.product_id);
      const owner = await serviceOwner(trx, handed.user_id);
      return queueNeedsStaffMails(trx, deps.mailer, handed, {
        product: product?.name ?? '-',
        customer: owner ? `${owner.full_name ?? ''} <${owner.email}>`.trim() : '-',
        error: reason.slice(0, DETAIL_MAX),
        handOver: handed.attempts,
      });
    });
    if (mailIds.length) deps.mailer.send(mailIds);
    if (handedOver) count(service, 'handed_to_staff');
    logger.warn({ serviceId: service.id, reason }, 'delivery handed to staff');
  }

  async function step({ serviceId }: ProvisionServiceJob): Promise<void> {
    const service = await findService(db, serviceId);
    if (!service || service.status !== 'provisioning' || service.delivery === 'manual') return;
    if (service.delivery_deadline && service.delivery_deadline.getTime() <= clock.now().getTime()) {
      await handOver(service, service.last_error ? `not delivered in time; last error: ${service.last_error}` : 'not delivered in time');
      return;
    }
    const current = (await recordServiceFacts(db, service.id, { attempts: service.attempts + 1 })) ?? service;
    const provisioner = deps.provisioners[service.delivery];
    let outcome;
    try {
      outcome = await provisioner.step(current);
    } catch (err) {
      const detail = (err instanceof Error ? err.message : String(err)).slice(0, DETAIL_MAX);
      await recordServiceFacts(db, service.id, { last_error: detail });
      await recordAttempt(db, { service_id: service.id, step: service.delivery, outcome: 'failed', detail, at: clock.now() });
      count(service, 'provider_error');
      throw err; // pg-boss retries with backoff; the watchdog hands it over at the deadline
    }
    if (outcome.kind === 'waiting') {
      await recordAttempt(db, {
        service_id: service.id,
        step: service.delivery,
        outcome: 'waiting',
        detail: outcome.note,
        at: clock.now(),
      });
      const next: ProvisionServiceJob = { serviceId };
      await jobs.send(db, PROVISION_SERVICE_QUEUE.name, next, { startAfter: outcome.retryInSeconds });
      return;
    }
    if (outcome.kind === 'refused') {
      await recordAttempt(db, {
        service_id: service.id,
        step: service.delivery,
        outcome: 'failed',
        detail: outcome.reason.slice(0, DETAIL_MAX),
        at: clock.now(),
      });
      await handOver(current, outcome.reason);
      return;
    }
    const done = await finishDelivery(
      db,
      { clock: frozenClock(clock.now()), mailer: deps.mailer },
      { serviceId, facts: outcome.facts, actor: null },
    );
    if (!done) return;
    await recordAttempt(db, { service_id: service.id, step: service.delivery, outcome: 'ok', detail: 'delivered', at: clock.now() });
    count(service, 'delivered');
    if (done.mailIds.length) deps.mailer.send(done.mailIds);
    logger.info({ serviceId, orderId: service.order_id }, 'service delivered');
  }

  /** Deliveries past their deadline go to staff (the every-minute watchdog). */
  async function sweepOverdue(): Promise<number> {
    const overdue = await overdueDeliveries(db, clock.now());
    for (const service of overdue) {
      await handOver(service, service.last_error ? `not delivered in time; last error: ${service.last_error}` : 'not delivered in time');
    }
    return overdue.length;
  }

  return { step, handOver, sweepOverdue };
}

export type DeliveryRunner = ReturnType<typeof createDeliveryRunner>;

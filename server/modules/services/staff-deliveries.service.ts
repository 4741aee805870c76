import type { Knex } from 'knex';
import type { StaffDeliveryDto } from '../../../shared/schemas/staff/deliveries';
import { frozenClock, type Clock } from '../../clock/clock';
import { ConflictError } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import { PROVISION_SERVICE_QUEUE } from '../../jobs/queues';
import type { UserRow } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import { DELIVERY_DEADLINE_MS, type ProvisionServiceJob } from './delivery/create-services';
import { finishDelivery } from './delivery/finish-delivery';
import { ServiceNotFound } from './service-lifecycle.errors';
import { transitionService } from './service-lifecycle';
import { attemptsOf, lockService } from './services.repo';
import { deliveriesNeedingStaff, findDelivery, type StaffDeliveryRow } from './staff-deliveries.repo';

const NotAGameServer = () => ConflictError('service_not_game', 'A VPS is delivered by assigning a machine from the orders page');

/**
 * The back-office's side of delivery: what waits for a person, "Réessayer" (the automation runs
 * again with a new ten minutes, queued in the transaction that moves the service back to
 * provisioning), and a game server an agent made on the panel by hand.
 */
export function createStaffDeliveries(deps: { db: Knex; jobs: JobQueue; clock: Clock; mailer: Mailer }) {
  const { db, jobs, clock } = deps;

  async function present(rows: StaffDeliveryRow[]): Promise<StaffDeliveryDto[]> {
    const attempts = await attemptsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      serviceId: row.id,
      orderId: row.order_id,
      orderUuid: row.order_uuid,
      orderStatus: row.order_status,
      customer: { id: row.user_id, email: row.email, name: row.full_name ?? '' },
      product: row.product_name ?? '',
      kind: row.kind,
      delivery: row.delivery,
      status: row.status,
      os: row.os,
      variant: row.variant,
      lastError: row.last_error,
      attempts: attempts
        .filter((a) => a.service_id === row.id)
        .map((a) => ({ at: a.at.toISOString(), step: a.step, outcome: a.outcome, detail: a.detail })),
      createdAt: row.created_at.toISOString(),
    }));
  }

  async function one(serviceId: number): Promise<StaffDeliveryDto> {
    const row = await findDelivery(db, serviceId);
    if (!row) throw ServiceNotFound();
    return (await present([row]))[0]!;
  }

  return {
    async list(): Promise<StaffDeliveryDto[]> {
      return present(await deliveriesNeedingStaff(db));
    },

    async retry(agent: UserRow, serviceId: number, ip?: string): Promise<StaffDeliveryDto> {
      await db.transaction(async (trx) => {
        const locked = await lockService(trx, serviceId);
        if (!locked) throw ServiceNotFound();
        if (locked.delivery === 'manual') throw ConflictError('service_manual', 'This product is delivered by hand');
        const at = clock.now();
        await transitionService(trx, {
          service: locked,
          event: 'retried',
          actor: agent.id,
          ip,
          clock: frozenClock(at),
          set: { delivery_deadline: new Date(at.getTime() + DELIVERY_DEADLINE_MS) },
        });
        const job: ProvisionServiceJob = { serviceId };
        await jobs.send(trx, PROVISION_SERVICE_QUEUE.name, job);
      });
      return one(serviceId);
    },

    async deliverGameByHand(
      agent: UserRow,
      serviceId: number,
      address: { host: string; port: number },
      ip?: string,
    ): Promise<StaffDeliveryDto> {
      const row = await findDelivery(db, serviceId);
      if (!row) throw ServiceNotFound();
      if (row.kind !== 'game') throw NotAGameServer();
      const done = await finishDelivery(db, { clock, mailer: deps.mailer }, { serviceId, facts: address, actor: agent.id, ip });
      if (!done) throw ConflictError('service_not_waiting', 'This service is not waiting for a delivery');
      if (done.mailIds.length) deps.mailer.send(done.mailIds);
      return one(serviceId);
    },
  };
}

export type StaffDeliveries = ReturnType<typeof createStaffDeliveries>;

import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { writeAudit } from '../audit/audit.repo';
import { ServiceTransitionRefused } from './service-lifecycle.errors';
import { insertService, updateServiceIf, type NewService, type ServiceRow, type ServiceValues } from './services.repo';
import { decideServiceTransition, SERVICE_RULES, type ServiceChangeEvent } from './service-transitions';

interface ServiceEventInput {
  /** A user id, or null for the system (provisioning jobs, billing sweeps). */
  actor: number | null;
  ip?: string;
  clock: Clock;
  /** Extra audit fields beside the status. */
  audit?: { before?: Record<string, unknown>; after?: Record<string, unknown> };
}

/**
 * A service comes to be, in the payment's transaction: provisioning (an automatic product) or
 * needs_staff (manual delivery: an agent delivers it, as the spec's workflow does). Audited.
 */
export async function createService(
  trx: Knex,
  values: Omit<NewService, 'created_at' | 'updated_at'>,
  input: ServiceEventInput,
): Promise<ServiceRow> {
  const at = input.clock.now();
  const service = await insertService(trx, { ...values, created_at: at, updated_at: at });
  await writeAudit(trx, {
    actorId: input.actor,
    action: 'service.created',
    entityType: 'service',
    entityId: service.id,
    after: { status: service.status, orderId: service.order_id, kind: service.kind, delivery: service.delivery, ...input.audit?.after },
    ip: input.ip,
  });
  return service;
}

export function canTransitionService(service: Pick<ServiceRow, 'status'>, event: ServiceChangeEvent): boolean {
  return decideServiceTransition(service.status, event).allowed;
}

export function assertServiceTransition(service: Pick<ServiceRow, 'status'>, event: ServiceChangeEvent): void {
  const verdict = decideServiceTransition(service.status, event);
  if (!verdict.allowed) throw new ServiceTransitionRefused(event, service.status, verdict.refusal);
}

/**
 * The one way a service changes status (as transitionOrder for orders): on a row the caller locked
 * in this transaction, checks the event against the table, writes the status, the event's date and
 * the caller's columns, and one audit row. A refused event throws a 409 and writes nothing.
 */
export async function transitionService(
  trx: Knex,
  input: ServiceEventInput & { service: ServiceRow; event: ServiceChangeEvent; set?: ServiceValues },
): Promise<ServiceRow> {
  const { service, event } = input;
  const verdict = decideServiceTransition(service.status, event);
  if (!verdict.allowed) throw new ServiceTransitionRefused(event, service.status, verdict.refusal);
  const rule = SERVICE_RULES[event];
  const at = input.clock.now();
  const columns: ServiceValues = {};
  for (const column of rule.clears ?? []) columns[column] = null;
  if (rule.stamp) columns[rule.stamp] = at;
  const updated = await updateServiceIf(trx, service.id, service.status, { ...input.set, ...columns, status: verdict.to, updated_at: at });
  if (!updated) throw new Error(`service ${service.id} changed under its lock (${event})`);
  await writeAudit(trx, {
    actorId: input.actor,
    action: rule.action,
    entityType: 'service',
    entityId: service.id,
    before: { status: service.status, ...input.audit?.before },
    after: { status: updated.status, ...input.audit?.after },
    ip: input.ip,
  });
  return updated;
}

import type { Knex } from 'knex';
import { SERVICE_EVENTS_LISTED } from '../../../shared/schemas/service-events';

export interface ServiceEventRow {
  id: string;
  action: string;
  actor_id: number | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

/** A service's audit rows of the actions named, newest first (the audit log's entity index). */
export function listServiceEvents(db: Knex, serviceId: number, actions: readonly string[]): Promise<ServiceEventRow[]> {
  return db('audit_log')
    .where({ entity_type: 'service', entity_id: String(serviceId) })
    .whereIn('action', actions)
    .orderBy('id', 'desc')
    .limit(SERVICE_EVENTS_LISTED)
    .select('id', 'action', 'actor_id', 'after', 'created_at') as Promise<ServiceEventRow[]>;
}

import type { Knex } from 'knex';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entityType: string;
  entityId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string | null;
}

/** One row per state change (who, what, before, after, when); written in the caller's transaction. */
export async function writeAudit(db: Knex, entry: AuditEntry): Promise<void> {
  await db('audit_log').insert({
    actor_id: entry.actorId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: String(entry.entityId),
    before: entry.before ? JSON.stringify(entry.before) : null,
    after: entry.after ? JSON.stringify(entry.after) : null,
    ip: entry.ip ?? null,
  });
}

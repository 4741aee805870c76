import type { Knex } from 'knex';
import type { AuditLogEntryDto, AuditLogQuery } from '../../../../shared/schemas/staff';

const DAY_MS = 86_400_000;
const isBareDay = (value: string) => value.length === 10;

/** The audit rows matching the filters, newest first; one row more than asked tells if a next page exists. */
export async function listAuditEntries(
  db: Knex,
  query: AuditLogQuery,
  limit: number,
): Promise<{ entries: AuditLogEntryDto[]; hasMore: boolean }> {
  const q = db('audit_log as a').leftJoin('users as u', 'u.id', 'a.actor_id');
  const { actor, action, from, to } = query;
  if (actor === 'system') q.whereNull('a.actor_id');
  else if (actor && /^\d+$/.test(actor)) q.where('a.actor_id', Number(actor));
  else if (actor) q.whereRaw('lower(u.email) = lower(?)', [actor]);
  // A prefix compare, not LIKE: '_' in action names must not act as a wildcard.
  if (action) q.whereRaw('left(a.action, ?) = ?', [action.length, action]);
  if (from) q.where('a.created_at', '>=', new Date(from));
  if (to) {
    if (isBareDay(to))
      q.where('a.created_at', '<', new Date(Date.parse(to) + DAY_MS)); // the whole day
    else q.where('a.created_at', '<=', new Date(to));
  }
  const rows = await q
    .orderBy([
      { column: 'a.created_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .limit(limit + 1)
    .offset((query.page - 1) * limit)
    .select('a.*', 'u.full_name as actor_name', 'u.email as actor_email');
  return {
    hasMore: rows.length > limit,
    entries: rows.slice(0, limit).map((r) => ({
      id: Number(r.id), // bigserial: text from pg
      actor_id: r.actor_id,
      actor_name: r.actor_name ?? null,
      actor_email: r.actor_email ?? null,
      action: r.action,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      before: r.before,
      after: r.after,
      ip: r.ip,
      created_at: (r.created_at as Date).toISOString(),
    })),
  };
}

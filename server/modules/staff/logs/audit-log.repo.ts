import type { Knex } from 'knex';
import type { AuditLogEntryDto, AuditLogQuery } from '../../../../shared/schemas/staff/logs';
import { readKeysetPage, type Keyset } from '../../../db/keyset';

const DAY_MS = 86_400_000;
const isBareDay = (value: string) => value.length === 10;

/** A joined audit row as pg gives it (bigserial id: text). */
interface AuditRow {
  id: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: Date;
}

/** Newest entry first, id breaking ties (index audit_log_newest_idx). */
const NEWEST_ENTRIES: Keyset = { table: 'audit_log', alias: 'a', keys: ['{t}.created_at', '{t}.id'], direction: 'desc' };

/** The audit rows matching the filters, newest first, after the entry `after` (keyset); the next page's cursor. */
export async function listAuditEntries(
  db: Knex,
  query: AuditLogQuery,
  limit: number,
): Promise<{ entries: AuditLogEntryDto[]; next: number | null }> {
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
  const { rows, next } = await readKeysetPage<AuditRow>(
    q.select('a.*', 'u.full_name as actor_name', 'u.email as actor_email'),
    NEWEST_ENTRIES,
    query.after,
    limit,
  );
  return {
    next,
    entries: rows.map((r) => ({
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
      created_at: r.created_at.toISOString(),
    })),
  };
}

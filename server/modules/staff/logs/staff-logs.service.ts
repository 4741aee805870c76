import type { Knex } from 'knex';
import { type AuditLogEntryDto, type AuditLogQuery } from '../../../../shared/schemas/staff/logs';
import { listAuditEntries } from './audit-log.repo';

/** One page of the audit log, filtered (Logs, admin only). */
export async function auditLogPage(
  db: Knex,
  query: AuditLogQuery,
): Promise<{ entries: AuditLogEntryDto[]; limit: number; next: number | null; hasMore: boolean }> {
  const { entries, next } = await listAuditEntries(db, query, query.limit);
  return { entries, limit: query.limit, next, hasMore: next !== null };
}

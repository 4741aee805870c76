import type { Knex } from 'knex';
import { AUDIT_LOG_PAGE_SIZE, type AuditLogEntryDto, type AuditLogQuery } from '../../../../shared/schemas/staff';
import { listAuditEntries } from './audit-log.repo';

/** One page of the audit log, filtered (Logs, admin only). */
export function auditLogPage(db: Knex, query: AuditLogQuery): Promise<{ entries: AuditLogEntryDto[]; hasMore: boolean }> {
  return listAuditEntries(db, query, AUDIT_LOG_PAGE_SIZE);
}

import type { ServiceEventAction, ServiceEventDto } from '../../../shared/schemas/service-events';
import type { ServiceEventRow } from './service-events.repo';

/**
 * One audit row as the owner sees it: who by role only (never a staff member's name or an IP), the
 * system named by the product's own list, the new end date of a renewal.
 */
export function presentServiceEvent(
  row: ServiceEventRow,
  ownerId: number,
  osChoices: readonly { id: string; name: string }[] | null,
): ServiceEventDto {
  const after = row.after ?? {};
  const osId = typeof after.os === 'string' ? after.os : null;
  const expiresAt = row.action === 'service.renewed' && typeof after.expiresAt === 'string' ? after.expiresAt : null;
  return {
    id: Number(row.id),
    action: row.action as ServiceEventAction,
    at: row.created_at.toISOString(),
    by: row.actor_id === null ? 'system' : row.actor_id === ownerId ? 'you' : 'staff',
    os: osId ? { id: osId, name: osChoices?.find((os) => os.id === osId)?.name ?? osId } : null,
    reverse: row.action === 'service.reverse_dns_set' && typeof after.reverse === 'string' ? after.reverse : null,
    expiresAt,
    file:
      (row.action === 'service.file_written' || row.action === 'service.file_uploaded') && typeof after.file === 'string'
        ? after.file
        : null,
  };
}

import type { GameBackupDto, GameBackupsDto } from '../../../../shared/schemas/game-backups';
import type { PanelBackup, PanelBackups } from '../../../providers/game-panel/client-api/backups-types';

/** A backup as the customer sees it: the panel's uuid as its id, its size in bytes once done. */
export function presentBackup(backup: PanelBackup): GameBackupDto {
  return {
    id: backup.uuid,
    name: backup.name,
    status: backup.status,
    createdAt: backup.createdAt.toISOString(),
    completedAt: backup.completedAt?.toISOString() ?? null,
    size: backup.status === 'completed' ? Math.max(0, Math.round(backup.bytes)) : 0,
  };
}

/** Newest first, with the offer's limit, a running restore and the daily schedule. */
export function presentBackups(view: PanelBackups): GameBackupsDto {
  return {
    backups: [...view.backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(presentBackup),
    limit: view.limit,
    restoring: view.restoring,
    dailySchedule: view.dailySchedule,
  };
}

import type { Knex } from 'knex';
import type { GameBackupCreateInput, GameBackupDto, GameBackupsDto } from '../../../../shared/schemas/game-backups';
import { ConflictError } from '../../../http/errors';
import { authorize } from '../../../policies/authorize';
import type { BackupArchive, GameBackups } from '../../../providers/game-panel/client-api/backups-types';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { assertActionable } from '../actions/actionable';
import { findCustomerService, type CustomerServiceRow } from '../customer-services.repo';
import { ServiceNotFound } from '../service-lifecycle.errors';
import { BackupNotFound, backupLimitReached, panelProblem } from './game-backups.errors';
import { presentBackup, presentBackups } from './game-backups.presenter';

/**
 * A game server's backups (issue 33), on the panel that runs it: the owner's active game server
 * only (another's is 404, a suspended or ended one 409), within its offer's limit, each action
 * audited after the panel did it (no network call inside a transaction).
 */
export function createGameBackupsService(deps: { db: Knex; backups: GameBackups }) {
  const { db, backups } = deps;

  /** The caller's game server on the panel, or the refusal that says why not. */
  async function serverOf(user: UserRow, id: number): Promise<CustomerServiceRow & { panel_identifier: string }> {
    const service = await findCustomerService(db, user.id, id);
    if (!service) throw ServiceNotFound();
    authorize(user, 'service.manage', service);
    if (service.kind !== 'game') throw ConflictError('backups_not_offered', 'Only a game server has backups in the panel');
    assertActionable(service);
    // Delivered by hand on another panel: ours cannot reach it.
    if (service.panel_identifier === null) throw ConflictError('backups_unavailable', 'This server is not on the shop’s game panel');
    return service as CustomerServiceRow & { panel_identifier: string };
  }

  async function onPanel<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw panelProblem(err);
    }
  }

  const audit = (user: UserRow, serviceId: number, action: string, after: Record<string, unknown>, ip?: string) =>
    writeAudit(db, { actorId: user.id, action, entityType: 'service', entityId: serviceId, after, ip });

  async function backupOf(identifier: string, backupId: string) {
    const view = await onPanel(() => backups.list(identifier));
    const backup = view.backups.find((b) => b.uuid === backupId);
    if (!backup) throw BackupNotFound();
    return { view, backup };
  }

  return {
    async list(user: UserRow, id: number): Promise<GameBackupsDto> {
      const service = await serverOf(user, id);
      return presentBackups(await onPanel(() => backups.list(service.panel_identifier)));
    },

    async create(user: UserRow, id: number, input: GameBackupCreateInput, ip?: string): Promise<GameBackupDto> {
      const service = await serverOf(user, id);
      // Said before the call; the panel checks it again (two tabs at once) and we map its refusal.
      const view = await onPanel(() => backups.list(service.panel_identifier));
      if (view.backups.filter((b) => b.status !== 'failed').length >= view.limit) throw backupLimitReached(view.limit);
      const made = await onPanel(() => backups.create(service.panel_identifier, input.name || undefined));
      await audit(user, id, 'service.backup_created', { backup: made.uuid, name: made.name }, ip);
      return presentBackup(made);
    },

    async restore(user: UserRow, id: number, backupId: string, ip?: string): Promise<GameBackupsDto> {
      const service = await serverOf(user, id);
      const { view, backup } = await backupOf(service.panel_identifier, backupId);
      if (view.restoring) throw ConflictError('restore_running', 'A restore is already replacing this server’s files');
      if (backup.status !== 'completed') throw ConflictError('backup_not_ready', 'Only a completed backup can be restored');
      await onPanel(() => backups.restore(service.panel_identifier, backupId));
      await audit(user, id, 'service.backup_restored', { backup: backup.uuid, name: backup.name }, ip);
      return presentBackups(await onPanel(() => backups.list(service.panel_identifier)));
    },

    async download(user: UserRow, id: number, backupId: string): Promise<{ archive: BackupArchive; fileName: string }> {
      const service = await serverOf(user, id);
      const { backup } = await backupOf(service.panel_identifier, backupId);
      if (backup.status !== 'completed') throw ConflictError('backup_not_ready', 'Only a completed backup can be downloaded');
      const archive = await onPanel(() => backups.download(service.panel_identifier, backupId));
      const day = (backup.completedAt ?? backup.createdAt).toISOString().slice(0, 10);
      return { archive, fileName: `sauvegarde-${id}-${day}-${backup.uuid.slice(0, 8)}.tar.gz` };
    },

    async remove(user: UserRow, id: number, backupId: string, ip?: string): Promise<GameBackupsDto> {
      const service = await serverOf(user, id);
      const { backup } = await backupOf(service.panel_identifier, backupId);
      await onPanel(() => backups.remove(service.panel_identifier, backupId));
      await audit(user, id, 'service.backup_deleted', { backup: backup.uuid, name: backup.name }, ip);
      return presentBackups(await onPanel(() => backups.list(service.panel_identifier)));
    },
  };
}

export type GameBackupsService = ReturnType<typeof createGameBackupsService>;

import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { systemClock } from '../../../clock/clock';
import { GamePanelNotFound, GamePanelRefused } from '../types';
import {
  deleteSandboxBackup,
  findSandboxBackup,
  insertSandboxBackup,
  insertSandboxDailySchedule,
  listSandboxBackups,
  listSandboxSchedules,
  sandboxBackupLimit,
  sandboxRestoreEnd,
  startSandboxRestore,
  type SandboxBackupRow,
} from './backups-sandbox.repo';
import { DAILY_BACKUP_SCHEDULE_NAME, dailyBackupTime, type GameBackups, type PanelBackup } from './backups-types';
import { tarGz } from './tar-gz';

// The sandbox panel's backups (no Pterodactyl key: `npm start`, tests): kept in its own tables and
// read on the injected clock. A backup takes BACKUP_MS and then completes with a size; a restore
// takes RESTORE_MS; a download is a small real .tar.gz. The limit and the refusals are the panel's.

export interface SandboxBackupsOptions {
  now?: () => Date;
  backupMs?: number;
  restoreMs?: number;
}

export const SANDBOX_BACKUP_MS = 20_000;
export const SANDBOX_RESTORE_MS = 15_000;

const tooMany = (limit: number) =>
  new GamePanelRefused(400, [
    {
      code: 'TooManyBackupsException',
      status: '400',
      detail: `Cannot create a new backup, this server has reached its limit of ${limit} backups.`,
    },
  ]);
const badRequest = (detail: string) => new GamePanelRefused(400, [{ code: 'BadRequestHttpException', status: '400', detail }]);

/** The panel's default name: "Backup at 2026-12-01 10:00:00". */
const defaultName = (at: Date) => `Backup at ${at.toISOString().slice(0, 19).replace('T', ' ')}`;

function toBackup(row: SandboxBackupRow, now: Date): PanelBackup {
  const done = row.done_at <= now;
  return {
    uuid: row.uuid,
    name: row.name,
    status: !done ? 'creating' : row.fails ? 'failed' : 'completed',
    bytes: done && !row.fails ? Number(row.bytes) : 0,
    checksum: done && !row.fails ? row.checksum : null,
    createdAt: row.created_at,
    completedAt: done ? row.done_at : null,
  };
}

export function createSandboxBackups(db: Knex, options: SandboxBackupsOptions = {}): GameBackups {
  const now = options.now ?? (() => systemClock.now());
  const backupMs = options.backupMs ?? SANDBOX_BACKUP_MS;
  const restoreMs = options.restoreMs ?? SANDBOX_RESTORE_MS;

  async function limitOf(identifier: string): Promise<number> {
    const limit = await sandboxBackupLimit(db, identifier);
    if (limit === null) throw new GamePanelNotFound(`server ${identifier}`);
    return limit;
  }

  async function backupOf(identifier: string, uuid: string): Promise<SandboxBackupRow> {
    const row = await findSandboxBackup(db, identifier, uuid);
    if (!row) throw new GamePanelNotFound(`backup ${uuid}`);
    return row;
  }

  return {
    mode: 'sandbox',

    async list(identifier) {
      const limit = await limitOf(identifier);
      const at = now();
      const [rows, restoreEnd, schedules] = await Promise.all([
        listSandboxBackups(db, identifier),
        sandboxRestoreEnd(db, identifier),
        listSandboxSchedules(db, identifier),
      ]);
      const daily = schedules.find((s) => s.name === DAILY_BACKUP_SCHEDULE_NAME && s.is_active && s.backup_tasks > 0);
      return {
        backups: rows.map((row) => toBackup(row, at)),
        limit,
        restoring: restoreEnd !== null && restoreEnd > at,
        dailySchedule: daily ? { hour: Number(daily.hour), minute: Number(daily.minute) } : null,
      };
    },

    async create(identifier, name) {
      const limit = await limitOf(identifier);
      if (limit <= 0) throw tooMany(limit);
      const at = now();
      const uuid = randomUUID();
      // A believable world's size, the same for the same backup.
      const bytes = 40_000_000 + (parseInt(uuid.slice(0, 6), 16) % 20_000_000);
      const row = await insertSandboxBackup(
        db,
        {
          uuid,
          identifier,
          name: name?.trim() || defaultName(at),
          bytes,
          checksum: `sha1:${createHash('sha1').update(uuid).digest('hex')}`,
          fails: false,
          doneAt: new Date(at.getTime() + backupMs),
        },
        limit,
        at,
      );
      if (!row) throw tooMany(limit);
      return toBackup(row, at);
    },

    async restore(identifier, uuid) {
      const at = now();
      const backup = toBackup(await backupOf(identifier, uuid), at);
      if (backup.status !== 'completed') throw badRequest('This backup cannot be restored at this time: not completed or failed.');
      const started = await startSandboxRestore(db, identifier, uuid, new Date(at.getTime() + restoreMs), at);
      if (!started) throw badRequest('This server is not currently in a state that allows for a backup to be restored.');
    },

    async download(identifier, uuid) {
      const backup = toBackup(await backupOf(identifier, uuid), now());
      if (backup.status !== 'completed') throw badRequest('This backup is not completed yet.');
      const archive = tarGz(
        [
          { name: 'server.properties', content: 'motd=Serveur de démonstration\nmax-players=20\ndifficulty=normal\n' },
          { name: 'README.txt', content: `Sandbox backup "${backup.name}" (${backup.uuid}).\n` },
        ],
        backup.completedAt ?? now(),
      );
      return { stream: Readable.from([archive]), bytes: archive.length };
    },

    async remove(identifier, uuid) {
      const at = now();
      const restoreEnd = await sandboxRestoreEnd(db, identifier);
      if (restoreEnd !== null && restoreEnd > at) throw badRequest('This server is restoring a backup.');
      if (!(await deleteSandboxBackup(db, identifier, uuid))) throw new GamePanelNotFound(`backup ${uuid}`);
    },

    async ensureDailySchedule(identifier) {
      await limitOf(identifier);
      const created = await insertSandboxDailySchedule(
        db,
        { identifier, name: DAILY_BACKUP_SCHEDULE_NAME, ...dailyBackupTime(identifier) },
        now(),
      );
      return { created };
    },
  };
}

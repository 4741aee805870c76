import type { Knex } from 'knex';

// The sandbox panel's backups, restores and schedules (migration 20261201300000_game_backups_sandbox).

export interface SandboxBackupRow {
  uuid: string;
  name: string;
  bytes: string | number;
  checksum: string;
  fails: boolean;
  done_at: Date;
  created_at: Date;
}

const BACKUPS = 'game_panel_sandbox_backups';
const BACKUP_COLUMNS = ['uuid', 'name', 'bytes', 'checksum', 'fails', 'done_at', 'created_at'];

/** The server's `feature_limits.backups` and whether it exists at all. */
export async function sandboxBackupLimit(db: Knex, identifier: string): Promise<number | null> {
  const row = (await db('game_panel_sandbox_servers')
    .where({ identifier })
    .first(db.raw("(feature_limits->>'backups')::int AS backups"))) as { backups: number | null } | undefined;
  return row ? (row.backups ?? 0) : null;
}

export function listSandboxBackups(db: Knex, identifier: string): Promise<SandboxBackupRow[]> {
  return db(BACKUPS).where({ server_identifier: identifier }).orderBy('created_at').orderBy('id').limit(50).select(BACKUP_COLUMNS);
}

export function findSandboxBackup(db: Knex, identifier: string, uuid: string): Promise<SandboxBackupRow | undefined> {
  return db(BACKUPS).where({ server_identifier: identifier, uuid }).first(BACKUP_COLUMNS);
}

/**
 * Stores the backup only while the server holds fewer than `limit` that did not fail (running ones
 * count, as InitiateBackupService counts them), in one statement: two creates at once cannot both
 * pass the limit. Undefined when the limit is reached.
 */
export async function insertSandboxBackup(
  db: Knex,
  backup: { uuid: string; identifier: string; name: string; bytes: number; checksum: string; fails: boolean; doneAt: Date },
  limit: number,
  now: Date,
): Promise<SandboxBackupRow | undefined> {
  return db.transaction(async (trx) => {
    // One create per server at a time: the count and the insert see the same backups.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`sandbox-backups:${backup.identifier}`]);
    const result = await trx.raw(
      `INSERT INTO ${BACKUPS} (uuid, server_identifier, name, bytes, checksum, fails, done_at, created_at, updated_at)
       SELECT :uuid, :identifier, :name, :bytes, :checksum, :fails, :doneAt, :now, :now
       WHERE (SELECT count(*) FROM ${BACKUPS}
              WHERE server_identifier = :identifier AND NOT (fails AND done_at <= :now)) < :limit
       RETURNING ${BACKUP_COLUMNS.join(', ')}`,
      { ...backup, limit, now },
    );
    return (result as { rows: SandboxBackupRow[] }).rows[0];
  });
}

export async function deleteSandboxBackup(db: Knex, identifier: string, uuid: string): Promise<boolean> {
  return (await db(BACKUPS).where({ server_identifier: identifier, uuid }).delete()) > 0;
}

/** When the server's running restore ends (null: none ever ran). */
export async function sandboxRestoreEnd(db: Knex, identifier: string): Promise<Date | null> {
  const row = (await db('game_panel_sandbox_restores').where({ server_identifier: identifier }).first('done_at')) as
    { done_at: Date } | undefined;
  return row?.done_at ?? null;
}

/** Starts a restore unless one still runs (answers false then). */
export async function startSandboxRestore(db: Knex, identifier: string, uuid: string, doneAt: Date, now: Date): Promise<boolean> {
  const result = await db.raw(
    `INSERT INTO game_panel_sandbox_restores (server_identifier, backup_uuid, done_at) VALUES (?, ?, ?)
     ON CONFLICT (server_identifier) DO UPDATE SET backup_uuid = EXCLUDED.backup_uuid, done_at = EXCLUDED.done_at
       WHERE game_panel_sandbox_restores.done_at <= ?
     RETURNING server_identifier`,
    [identifier, uuid, doneAt, now],
  );
  return (result as { rows: unknown[] }).rows.length > 0;
}

export interface SandboxScheduleRow {
  id: number;
  name: string;
  minute: string;
  hour: string;
  is_active: boolean;
  backup_tasks: number;
}

export function listSandboxSchedules(db: Knex, identifier: string): Promise<SandboxScheduleRow[]> {
  return db('game_panel_sandbox_schedules as s')
    .where('s.server_identifier', identifier)
    .select(
      's.id',
      's.name',
      's.minute',
      's.hour',
      's.is_active',
      db.raw(
        "(SELECT count(*)::int FROM game_panel_sandbox_schedule_tasks t WHERE t.schedule_id = s.id AND t.action = 'backup') AS backup_tasks",
      ),
    )
    .orderBy('s.id') as Promise<SandboxScheduleRow[]>;
}

/**
 * The schedule of this name with one backup task, made in one transaction; nothing when the
 * schedule is there already (answers false).
 */
export async function insertSandboxDailySchedule(
  db: Knex,
  schedule: { identifier: string; name: string; minute: number; hour: number },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const rows: { id: number }[] = await trx('game_panel_sandbox_schedules')
      .insert({
        server_identifier: schedule.identifier,
        name: schedule.name,
        minute: String(schedule.minute),
        hour: String(schedule.hour),
        day_of_month: '*',
        month: '*',
        day_of_week: '*',
        is_active: true,
        created_at: now,
        updated_at: now,
      })
      .onConflict(['server_identifier', 'name'])
      .ignore()
      .returning('id');
    const made = rows[0];
    if (!made) return false;
    await trx('game_panel_sandbox_schedule_tasks').insert({
      schedule_id: made.id,
      sequence_id: 1,
      action: 'backup',
      payload: '',
      time_offset: 0,
    });
    return true;
  });
}

import type { Readable } from 'node:stream';

// A game server's backups and its daily backup schedule, through the panel's client API
// (Pterodactyl's BackupController and schedules) or the sandbox panel. The service module speaks
// only this; a server is named by its short identifier (the panel's `uuidShort`).

/** A backup as the panel holds it: `completed_at` null while the node works, then successful or not. */
export interface PanelBackup {
  uuid: string;
  name: string;
  status: 'creating' | 'completed' | 'failed';
  bytes: number;
  checksum: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

export interface PanelBackups {
  backups: PanelBackup[];
  /** The server's `feature_limits.backups`: how many (not failed) it may hold. */
  limit: number;
  /** A restore is running (the server's status `restoring_backup`). */
  restoring: boolean;
  /** The daily backup schedule set at delivery, when there is one. */
  dailySchedule: { hour: number; minute: number } | null;
}

/** The archive as the node sends it, streamed on to the browser. */
export interface BackupArchive {
  stream: Readable;
  /** Content-Length when the node said it. */
  bytes: number | null;
}

export interface GameBackups {
  readonly mode: 'live' | 'sandbox';
  list(identifier: string): Promise<PanelBackups>;
  /** Answered at once, `creating`; refused (GamePanelRefused 400 TooManyBackupsException) at the limit. */
  create(identifier: string, name?: string): Promise<PanelBackup>;
  /** Replaces the server's files with the backup's (`truncate`: the files are deleted first). */
  restore(identifier: string, uuid: string): Promise<void>;
  download(identifier: string, uuid: string): Promise<BackupArchive>;
  remove(identifier: string, uuid: string): Promise<void>;
  /** The daily schedule with a backup task, made once: a second call finds it and adds nothing. */
  ensureDailySchedule(identifier: string): Promise<{ created: boolean }>;
}

/** What the daily schedule is called on the panel: how a retried delivery finds it again. */
export const DAILY_BACKUP_SCHEDULE_NAME = 'Sauvegarde quotidienne';

/**
 * The schedule's time: at night, spread over 02:00-05:59 by the server's identifier so that every
 * server of a node does not back up at the same minute.
 */
export function dailyBackupTime(identifier: string): { hour: number; minute: number } {
  let hash = 0;
  for (const char of identifier) hash = (hash * 31 + char.charCodeAt(0)) % 240;
  return { hour: 2 + Math.floor(hash / 60), minute: hash % 60 };
}

/** A live panel without a client key (PTERODACTYL_CLIENT_KEY): the client API cannot be reached. */
export class GameBackupsNotConfigured extends Error {
  constructor() {
    super('the game panel has no client key (PTERODACTYL_CLIENT_KEY): backups cannot be reached');
    this.name = 'GameBackupsNotConfigured';
  }
}

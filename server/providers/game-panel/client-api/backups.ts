import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createPanelCall } from '../panel-call';
import { GamePanelUnavailable } from '../types';
import {
  DAILY_BACKUP_SCHEDULE_NAME,
  dailyBackupTime,
  type BackupArchive,
  type GameBackups,
  type PanelBackup,
  type PanelBackups,
} from './backups-types';

// Backups and the daily backup schedule on Pterodactyl's client API (routes/api-client.php,
// BackupController, BackupTransformer in ../shared/providers/pterodactyl), with a panel
// administrator's client key. A download is a signed URL on the node (Wings): we fetch it and
// hand the stream on, so the URL and its token never reach the browser.

export interface ClientApiConfig {
  /** The panel's address, without /api/client. */
  url: string;
  /** `ptlc_…` (Pelican `plcn_…`). */
  clientKey: string;
  panelName?: string;
  timeoutMs?: number;
}

interface Item<A> {
  object: string;
  attributes: A;
}

/** BackupTransformer. */
interface BackupAttributes {
  uuid: string;
  is_successful: boolean;
  name: string;
  checksum: string | null;
  bytes: number;
  created_at: string;
  completed_at: string | null;
}

interface ScheduleAttributes {
  id: number;
  name: string;
  cron: { minute: string; hour: string; day_of_month: string; month: string; day_of_week: string };
  is_active: boolean;
  relationships?: { tasks?: { data?: Item<{ id: number; action: string }>[] } };
}

interface ServerAttributes {
  status: string | null;
  feature_limits: { backups: number | null };
}

export function toPanelBackup(b: BackupAttributes): PanelBackup {
  const completedAt = b.completed_at ? new Date(b.completed_at) : null;
  return {
    uuid: b.uuid,
    name: b.name,
    // completed_at null: the node still works; set, the backup succeeded or failed.
    status: completedAt === null ? 'creating' : b.is_successful ? 'completed' : 'failed',
    bytes: Number(b.bytes ?? 0),
    checksum: b.checksum,
    createdAt: new Date(b.created_at),
    completedAt,
  };
}

const isDailyBackup = (s: ScheduleAttributes) => s.name === DAILY_BACKUP_SCHEDULE_NAME;
const hasBackupTask = (s: ScheduleAttributes) => (s.relationships?.tasks?.data ?? []).some((t) => t.attributes.action === 'backup');

/** How long the node may take to start sending an archive (the body itself may take much longer). */
const NODE_ANSWER_MS = 30_000;

export function createPterodactylBackups(config: ClientApiConfig): GameBackups {
  const call = createPanelCall({
    base: `${config.url.replace(/\/+$/, '')}/api/client`,
    key: config.clientKey,
    keyKind: 'client',
    panelName: config.panelName ?? 'Pterodactyl',
    timeoutMs: config.timeoutMs ?? 10_000,
  });
  const server = (identifier: string) => `/servers/${encodeURIComponent(identifier)}`;
  const backup = (identifier: string, uuid: string) => `${server(identifier)}/backups/${encodeURIComponent(uuid)}`;

  async function schedules(identifier: string): Promise<ScheduleAttributes[]> {
    const list = await call<{ data: Item<ScheduleAttributes>[] }>('GET', `${server(identifier)}/schedules`);
    return (list?.data ?? []).map((item) => item.attributes);
  }

  async function fetchArchive(url: string): Promise<BackupArchive> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), NODE_ANSWER_MS);
    let response: Response;
    try {
      response = await fetch(url, { signal: deadline.signal, redirect: 'follow' });
    } catch (err) {
      throw new GamePanelUnavailable('the node did not send the backup', err);
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      // Never the URL in the message: it carries the node's token.
      throw new GamePanelUnavailable(`the node answered ${response.status} to the backup download`);
    }
    const length = Number(response.headers.get('content-length'));
    return {
      stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      bytes: Number.isFinite(length) && length > 0 ? length : null,
    };
  }

  return {
    mode: 'live',

    async list(identifier): Promise<PanelBackups> {
      const [own, list, planned] = await Promise.all([
        call<Item<ServerAttributes>>('GET', server(identifier)),
        call<{ data: Item<BackupAttributes>[] }>('GET', `${server(identifier)}/backups?per_page=50`),
        schedules(identifier),
      ]);
      const daily = planned.find((s) => isDailyBackup(s) && s.is_active && hasBackupTask(s));
      return {
        backups: (list?.data ?? []).map((item) => toPanelBackup(item.attributes)),
        limit: Number(own?.attributes.feature_limits.backups ?? 0),
        restoring: own?.attributes.status === 'restoring_backup',
        dailySchedule: daily ? { hour: Number(daily.cron.hour), minute: Number(daily.cron.minute) } : null,
      };
    },

    async create(identifier, name) {
      const made = await call<Item<BackupAttributes>>('POST', `${server(identifier)}/backups`, {
        body: { ...(name ? { name } : {}), is_locked: false },
      });
      return toPanelBackup(made!.attributes);
    },

    async restore(identifier, uuid) {
      await call('POST', `${backup(identifier, uuid)}/restore`, { body: { truncate: true }, missing: `backup ${uuid}` });
    },

    async download(identifier, uuid) {
      const signed = await call<{ attributes: { url: string } }>('GET', `${backup(identifier, uuid)}/download`, {
        missing: `backup ${uuid}`,
      });
      return fetchArchive(signed!.attributes.url);
    },

    async remove(identifier, uuid) {
      await call('DELETE', backup(identifier, uuid), { missing: `backup ${uuid}` });
    },

    async ensureDailySchedule(identifier) {
      // Looked up first: a delivery retried after a crash finds the schedule (and its task) again.
      const found = (await schedules(identifier)).find(isDailyBackup);
      if (found && hasBackupTask(found)) return { created: false };
      let id = found?.id;
      if (id === undefined) {
        const { hour, minute } = dailyBackupTime(identifier);
        const made = await call<Item<ScheduleAttributes>>('POST', `${server(identifier)}/schedules`, {
          body: {
            name: DAILY_BACKUP_SCHEDULE_NAME,
            is_active: true,
            only_when_online: false,
            minute: String(minute),
            hour: String(hour),
            day_of_month: '*',
            month: '*',
            day_of_week: '*',
          },
        });
        id = made!.attributes.id;
      }
      // A schedule's backup task deletes the oldest unlocked backup when the server is at its limit.
      await call('POST', `${server(identifier)}/schedules/${id}/tasks`, {
        body: { action: 'backup', payload: '', time_offset: 0, continue_on_failure: false },
      });
      return { created: true };
    },
  };
}

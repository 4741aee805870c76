// The fake panel's backups (BackupController, BackupTransformer, InitiateBackupService and
// DownloadLinkService of ../shared/providers/pterodactyl, Wings' /download/backup): a backup is
// answered at once with `completed_at` null and finishes on the fake's clock, successful or not;
// the server's `feature_limits.backups` is enforced with the panel's TooManyBackupsException; a
// restore is recorded and keeps the server busy; a download is a signed, single-use URL served by
// the fake as the node.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { failure, notFound, PanelError, stamp, type Answer, type Json } from '../pterodactyl-wire';
import type { FakePanelServer } from '../pterodactyl';
import type { ClientApiState, ClientArea, NodeRoute } from './index';

/** How long the node takes to make a backup, and to restore one, on the fake's clock. */
export const FAKE_BACKUP_MS = 20_000;
export const FAKE_RESTORE_MS = 15_000;
/** Wings' download tokens last 15 minutes and are used once. */
const TOKEN_MS = 15 * 60_000;

export interface FakeBackup {
  uuid: string;
  name: string;
  isLocked: boolean;
  ignoredFiles: string[];
  /** Set when the node finishes: from then on, successful or not. */
  doneAt: Date;
  fails: boolean;
  bytes: number;
  checksum: string;
  createdAt: Date;
  /** The archive the node serves. */
  archive: Buffer;
}

export interface FakeServerBackups {
  readonly backups: FakeBackup[];
  /** Every restore the panel was asked for, in order. */
  readonly restores: { uuid: string; truncate: boolean; at: Date }[];
  restoringUntil: Date | null;
  /** The next backup made fails on the node. */
  failNext(): void;
  failNextBackup: boolean;
}

const states = new WeakMap<FakePanelServer, FakeServerBackups>();
const tokens = new Map<string, { server: FakePanelServer; uuid: string; expires: Date }>();

/** The backups the fake holds for one server (made empty on first use). */
export function fakeBackupsOf(server: FakePanelServer): FakeServerBackups {
  let state = states.get(server);
  if (!state) {
    const made: FakeServerBackups = {
      backups: [],
      restores: [],
      restoringUntil: null,
      failNextBackup: false,
      failNext() {
        made.failNextBackup = true;
      },
    };
    state = made;
    states.set(server, state);
  }
  return state;
}

const done = (backup: FakeBackup, now: Date) => backup.doneAt <= now;

/** BackupTransformer. */
function backupJson(backup: FakeBackup, now: Date): Json {
  const finished = done(backup, now);
  return {
    object: 'backup',
    attributes: {
      uuid: backup.uuid,
      is_successful: finished && !backup.fails,
      is_locked: backup.isLocked,
      name: backup.name,
      ignored_files: backup.ignoredFiles,
      checksum: finished && !backup.fails ? backup.checksum : null,
      bytes: finished && !backup.fails ? backup.bytes : 0,
      created_at: stamp(backup.createdAt),
      completed_at: finished ? stamp(backup.doneAt) : null,
    },
  };
}

/** An archive that `tar -xzf` opens: one ustar entry, gzipped. */
function archiveOf(name: string): Buffer {
  const body = Buffer.from(`Backup ${name} of the fake panel\n`);
  const header = Buffer.alloc(512);
  header.write('world/level.txt', 0, 100, 'ascii');
  header.write('0000644\0', 100, 8, 'ascii');
  header.write('0000000\0', 108, 8, 'ascii');
  header.write('0000000\0', 116, 8, 'ascii');
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124, 12, 'ascii');
  header.write('00000000000\0', 136, 12, 'ascii');
  header.fill(' ', 148, 156);
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  header.write(
    `${header
      .reduce((sum, byte) => sum + byte, 0)
      .toString(8)
      .padStart(6, '0')}\0 `,
    148,
    8,
    'ascii',
  );
  return gzipSync(Buffer.concat([header, body, Buffer.alloc(512 - body.length), Buffer.alloc(1024)]));
}

const badRequest = (detail: string) => failure(400, 'BadRequestHttpException', detail);

/** Handler::invalidJson: one error per failed rule. */
const invalid = (field: string, rule: string, detail: string) =>
  new PanelError({
    status: 422,
    body: { errors: [{ code: 'ValidationException', status: '422', detail, meta: { source_field: field, rule } }] },
  });

/** StoreBackupRequest: name nullable|string|max:191, is_locked nullable|boolean, ignored nullable|string. */
function validateStore(body: Json) {
  if (body.name !== undefined && body.name !== null) {
    if (typeof body.name !== 'string') throw invalid('name', 'string', 'The name must be a string.');
    if (body.name.length > 191) throw invalid('name', 'max', 'The name may not be greater than 191 characters.');
  }
  if (body.is_locked !== undefined && body.is_locked !== null && typeof body.is_locked !== 'boolean')
    throw invalid('is_locked', 'boolean', 'The is locked field must be true or false.');
}

export const backupsArea: ClientArea = ({ method, parts, body, server }, state) => {
  if (parts[0] !== 'backups') return undefined;
  const now = state.clock.now();
  const own = fakeBackupsOf(server);
  const [, uuid, action] = parts;
  const find = () => {
    const backup = own.backups.find((b) => b.uuid === uuid);
    if (!backup) throw notFound();
    return backup;
  };

  if (method === 'GET' && parts.length === 1) {
    const nonFailed = own.backups.filter((b) => !(done(b, now) && b.fails)).length;
    return {
      status: 200,
      body: {
        object: 'list',
        data: own.backups.map((b) => backupJson(b, now)),
        meta: {
          pagination: { total: own.backups.length, count: own.backups.length, per_page: 20, current_page: 1, total_pages: 1, links: {} },
          backup_count: nonFailed,
        },
      },
    };
  }

  if (method === 'POST' && parts.length === 1) {
    validateStore(body);
    const limit = server.featureLimits.backups;
    // completed_at null covers the running ones, is_successful the finished: failed ones do not count.
    const nonFailed = own.backups.filter((b) => !(done(b, now) && b.fails)).length;
    if (!limit || nonFailed >= limit)
      throw failure(400, 'TooManyBackupsException', `Cannot create a new backup, this server has reached its limit of ${limit} backups.`);
    const name =
      typeof body.name === 'string' && body.name.trim() !== ''
        ? body.name
        : `Backup at ${now.toISOString().slice(0, 19).replace('T', ' ')}`;
    const archive = archiveOf(name);
    const backup: FakeBackup = {
      uuid: randomUUID(),
      name,
      isLocked: body.is_locked === true,
      ignoredFiles: typeof body.ignored === 'string' ? body.ignored.split('\n').filter(Boolean) : [],
      doneAt: new Date(now.getTime() + FAKE_BACKUP_MS),
      fails: own.failNextBackup,
      bytes: archive.length,
      checksum: createHash('sha1').update(archive).digest('hex'),
      createdAt: now,
      archive,
    };
    own.failNextBackup = false;
    own.backups.push(backup);
    return { status: 200, body: backupJson(backup, now) };
  }

  if (method === 'GET' && parts.length === 2) return { status: 200, body: backupJson(find(), now) };

  if (method === 'GET' && parts.length === 3 && action === 'download') {
    const backup = find();
    const token = randomBytes(24).toString('hex');
    tokens.set(token, { server, uuid: backup.uuid, expires: new Date(now.getTime() + TOKEN_MS) });
    return {
      status: 200,
      body: { object: 'signed_url', attributes: { url: `${state.url()}/download/backup?token=${token}` } },
    };
  }

  if (method === 'POST' && parts.length === 3 && action === 'restore') {
    if (typeof body.truncate !== 'boolean') throw invalid('truncate', 'required', 'The truncate field is required.');
    const backup = find();
    if (state.statusOf(server) !== null || (own.restoringUntil !== null && own.restoringUntil > now))
      throw badRequest('This server is not currently in a state that allows for a backup to be restored.');
    if (!done(backup, now) || backup.fails) throw badRequest('This backup cannot be restored at this time: not completed or failed.');
    own.restores.push({ uuid: backup.uuid, truncate: body.truncate, at: now });
    own.restoringUntil = new Date(now.getTime() + FAKE_RESTORE_MS);
    return { status: 204 };
  }

  if (method === 'DELETE' && parts.length === 2) {
    const backup = find();
    if (backup.isLocked && done(backup, now) && !backup.fails)
      throw failure(400, 'BackupLockedException', 'Cannot delete a backup that is marked as locked.');
    own.backups.splice(own.backups.indexOf(backup), 1);
    return { status: 204 };
  }
  return undefined;
};

/** Wings: `GET /download/backup?token=…` streams the archive, once per token. */
export const backupDownloadRoute: NodeRoute = (method, path, query, state: ClientApiState): Answer | undefined => {
  if (method !== 'GET' || path !== '/download/backup') return undefined;
  const grant = tokens.get(query.token ?? '');
  tokens.delete(query.token ?? '');
  if (!grant || grant.expires <= state.clock.now())
    return { status: 403, body: { error: 'The download token is not valid or has expired.' } };
  const backup = fakeBackupsOf(grant.server).backups.find((b) => b.uuid === grant.uuid);
  if (!backup || !done(backup, state.clock.now()) || backup.fails)
    return { status: 404, body: { error: 'The requested resource was not found.' } };
  return {
    status: 200,
    headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename=${backup.uuid}.tar.gz` },
    body: backup.archive,
  };
};

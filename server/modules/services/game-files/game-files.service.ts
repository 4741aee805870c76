import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import { ConflictError } from '../../../http/errors';
import { authorize } from '../../../policies/authorize';
import type { GameFilesAdapter, GameServerRef } from '../../../providers/game-panel/client-api/game-files';
import { EDITABLE_FILE_MAX_BYTES, type GameDirectoryDto, type GameFileEntryDto } from '../../../../shared/schemas/game-files';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { findCustomerService } from '../customer-services.repo';
import { ServiceNotFound } from '../service-lifecycle.errors';
import { assertActionable } from '../actions/actionable';
import { asHttpError } from './game-files.errors';
import { presentEntry } from './game-files.presenter';

// A game server's files and SFTP access for its owner (issue 33). Every call checks the service
// first (the caller's, a game server, delivered and not suspended), then asks the panel outside
// any transaction; a write, an upload and a password change are recorded in the service's history
// afterwards. The SFTP password goes to the panel and back to the customer once: it is neither
// stored nor written in the audit log.

/** 18 random bytes: 24 characters of base64url, far past what a guess reaches. */
const generatePassword = () => randomBytes(18).toString('base64url');

export function createGameFiles(deps: { db: Knex; clock: Clock; files: GameFilesAdapter }) {
  const { db, files } = deps;

  async function serverOf(user: UserRow, id: number): Promise<GameServerRef> {
    const service = await findCustomerService(db, user.id, id);
    if (!service) throw ServiceNotFound();
    authorize(user, 'service.manage', service);
    if (service.kind !== 'game')
      throw ConflictError('files_not_offered', 'Only a game server has files in the panel: a VPS is reached by SSH');
    assertActionable(service);
    if (service.panel_server_id === null || service.panel_identifier === null)
      throw ConflictError('service_not_ready', 'The game server is not on the panel yet');
    return { serverId: service.panel_server_id, identifier: service.panel_identifier };
  }

  /** The panel's call, its errors turned into the customer's. */
  async function panel<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw asHttpError(err);
    }
  }

  const audit = (user: UserRow, id: number, action: string, after: Record<string, unknown>, ip?: string) =>
    writeAudit(db, { actorId: user.id, action, entityType: 'service', entityId: id, after, ip });

  return {
    async list(user: UserRow, id: number, directory: string): Promise<GameDirectoryDto> {
      const server = await serverOf(user, id);
      const entries = await panel(() => files.list(server, directory));
      const sorted = [...entries].sort((a, b) => Number(a.isFile) - Number(b.isFile) || a.name.localeCompare(b.name));
      return { directory, entries: sorted.map((entry) => presentEntry(directory, entry)) };
    },

    async read(user: UserRow, id: number, file: string) {
      const server = await serverOf(user, id);
      return { file, content: await panel(() => files.read(server, file, EDITABLE_FILE_MAX_BYTES)) };
    },

    async write(user: UserRow, id: number, file: string, content: string, ip?: string) {
      const server = await serverOf(user, id);
      await panel(() => files.write(server, file, content));
      const size = Buffer.byteLength(content, 'utf8');
      await audit(user, id, 'service.file_written', { file, size }, ip);
      return { file, size };
    },

    async download(user: UserRow, id: number, file: string) {
      const server = await serverOf(user, id);
      return panel(() => files.download(server, file));
    },

    async upload(user: UserRow, id: number, directory: string, name: string, bytes: Buffer, ip?: string): Promise<GameFileEntryDto> {
      const server = await serverOf(user, id);
      await panel(() => files.upload(server, directory, name, bytes));
      const entry = { name, isFile: true, size: bytes.length, mimetype: 'application/octet-stream', modifiedAt: deps.clock.now() };
      const presented = presentEntry(directory, entry);
      await audit(user, id, 'service.file_uploaded', { file: presented.path, size: bytes.length }, ip);
      return presented;
    },

    async sftp(user: UserRow, id: number) {
      const server = await serverOf(user, id);
      return { sftp: await panel(() => files.sftp(server)) };
    },

    /** Sets the password given, or one made here; answered once, kept nowhere. */
    async setSftpPassword(user: UserRow, id: number, chosen: string | undefined, ip?: string) {
      const server = await serverOf(user, id);
      const password = chosen ?? generatePassword();
      await panel(() => files.setSftpPassword(server, password));
      const sftp = await panel(() => files.sftp(server));
      await audit(user, id, 'service.sftp_password_reset', { generated: chosen === undefined }, ip);
      return { sftp, password };
    },
  };
}

export type GameFiles = ReturnType<typeof createGameFiles>;

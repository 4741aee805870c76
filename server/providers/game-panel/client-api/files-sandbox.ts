import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { hashPassword } from '../../../security/passwords';
import { DEMO_NODES } from '../demo-catalogue';
import { findSandboxServer } from '../sandbox.repo';
import { GamePanelNotFound } from '../types';
import {
  findSandboxFile,
  findSandboxSftpOwner,
  insertSandboxFiles,
  listSandboxDirectory,
  putSandboxFile,
  sandboxServerHasFiles,
  setSandboxSftpPasswordHash,
  type NewSandboxFile,
} from './files-sandbox.repo';
import { GameFileNotAFile, GameFileTooLarge, type GameFilesAdapter, type GameServerRef } from './files-types';
import { mimetypeOf, minecraftStarterFiles } from './minecraft-starter';

// The files of the sandbox panel's servers (npm start and tests without a Pterodactyl key): a
// Minecraft server's tree made on first look and kept in the database; reads, writes, downloads
// and uploads as the node does them. The SFTP password is hashed and only the hash is kept.

/** "/plugins/bStats/config.yml" → "/plugins/bStats"; "/eula.txt" → "/". */
export const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/')) || '/';
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const join = (directory: string, name: string) => (directory === '/' ? `/${name}` : `${directory}/${name}`);

const entry = (path: string, content: Buffer | null): NewSandboxFile => ({
  path,
  directory: parentOf(path),
  name: nameOf(path),
  isFile: content !== null,
  content,
});

/** The directories above `path` (not the root), outermost first: a write makes them as the node does. */
function ancestors(path: string): NewSandboxFile[] {
  const found: NewSandboxFile[] = [];
  for (let dir = parentOf(path); dir !== '/'; dir = parentOf(dir)) found.unshift(entry(dir, null));
  return found;
}

export function createSandboxGameFiles(db: Knex, options: { now: () => Date }): GameFilesAdapter {
  const { now } = options;

  /** The server must exist on the panel; its files are made on its first look. */
  async function ready(server: GameServerRef): Promise<number> {
    const row = await findSandboxServer(db, { id: server.serverId });
    if (!row || row.identifier !== server.identifier) throw new GamePanelNotFound(`server ${server.identifier}`);
    if (!(await sandboxServerHasFiles(db, row.id))) {
      const files = minecraftStarterFiles(row.port, now()).map((f) => entry(f.path, f.content ?? null));
      await insertSandboxFiles(db, row.id, files, now());
    }
    return row.id;
  }

  async function fileAt(serverId: number, path: string) {
    const file = await findSandboxFile(db, serverId, path);
    if (!file) throw new GamePanelNotFound(`file ${path}`);
    if (!file.is_file) throw new GameFileNotAFile(path);
    return file;
  }

  async function put(serverId: number, path: string, content: Buffer) {
    const existing = await findSandboxFile(db, serverId, path);
    if (existing && !existing.is_file) throw new GameFileNotAFile(path);
    await insertSandboxFiles(db, serverId, ancestors(path), now());
    await putSandboxFile(db, serverId, entry(path, content), now());
  }

  return {
    mode: 'sandbox',

    async list(server, directory) {
      const serverId = await ready(server);
      if (directory !== '/') {
        const dir = await findSandboxFile(db, serverId, directory);
        if (!dir) throw new GamePanelNotFound(`directory ${directory}`);
        if (dir.is_file) throw new GameFileNotAFile(directory);
      }
      const rows = await listSandboxDirectory(db, serverId, directory);
      return rows.map((row) => ({
        name: row.name,
        isFile: row.is_file,
        size: row.size,
        mimetype: mimetypeOf(row.name, row.is_file),
        modifiedAt: row.modified_at,
      }));
    },

    async read(server, file, maxBytes) {
      const found = await fileAt(await ready(server), file);
      if (found.size > maxBytes) throw new GameFileTooLarge(file);
      return (found.content ?? Buffer.alloc(0)).toString('utf8');
    },

    async write(server, file, content) {
      await put(await ready(server), file, Buffer.from(content, 'utf8'));
    },

    async download(server, file) {
      const found = await fileAt(await ready(server), file);
      const bytes = found.content ?? Buffer.alloc(0);
      return { body: Readable.from([bytes]), size: bytes.length };
    },

    async upload(server, directory, name, bytes) {
      await put(await ready(server), join(directory, name), bytes);
    },

    async sftp(server) {
      await ready(server);
      const owner = await findSandboxSftpOwner(db, server.serverId);
      if (!owner) throw new GamePanelNotFound(`server ${server.identifier}`);
      const node = DEMO_NODES.find((n) => n.ip === owner.ip);
      return { host: node?.fqdn ?? owner.ip, port: 2022, username: `${owner.username}.${owner.identifier}` };
    },

    async setSftpPassword(server, password) {
      const owner = await findSandboxSftpOwner(db, server.serverId);
      if (!owner || owner.identifier !== server.identifier) throw new GamePanelNotFound(`server ${server.identifier}`);
      await setSandboxSftpPasswordHash(db, owner.user_id, await hashPassword(password));
    },
  };
}

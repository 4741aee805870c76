import type { Knex } from 'knex';

// The sandbox panel's files (game_panel_sandbox_files) and its users' SFTP password hash.

const FILES = 'game_panel_sandbox_files';

export interface SandboxFileRow {
  path: string;
  name: string;
  is_file: boolean;
  size: number;
  modified_at: Date;
}

export interface NewSandboxFile {
  path: string;
  directory: string;
  name: string;
  isFile: boolean;
  content: Buffer | null;
}

export async function sandboxServerHasFiles(db: Knex, serverId: number): Promise<boolean> {
  return (await db(FILES).where({ server_id: serverId }).first('id')) !== undefined;
}

/** Puts files in; one already there (another instance's first look, or the same path) is left as is. */
export async function insertSandboxFiles(db: Knex, serverId: number, files: NewSandboxFile[], now: Date): Promise<void> {
  if (files.length === 0) return;
  await db(FILES)
    .insert(
      files.map((f) => ({
        server_id: serverId,
        path: f.path,
        directory: f.directory,
        name: f.name,
        is_file: f.isFile,
        content: f.content,
        modified_at: now,
      })),
    )
    .onConflict(['server_id', 'path'])
    .ignore();
}

/** A directory's entries, directories first, then by name; bounded as a listing on a node is in practice. */
export function listSandboxDirectory(db: Knex, serverId: number, directory: string): Promise<SandboxFileRow[]> {
  return db(FILES)
    .where({ server_id: serverId, directory })
    .orderBy([
      { column: 'is_file', order: 'asc' },
      { column: 'name', order: 'asc' },
    ])
    .limit(1000)
    .select('path', 'name', 'is_file', db.raw('coalesce(octet_length(content), 0)::int AS size'), 'modified_at') as Promise<
    SandboxFileRow[]
  >;
}

export function findSandboxFile(
  db: Knex,
  serverId: number,
  path: string,
): Promise<(SandboxFileRow & { content: Buffer | null }) | undefined> {
  return db(FILES)
    .where({ server_id: serverId, path })
    .first('path', 'name', 'is_file', 'content', db.raw('coalesce(octet_length(content), 0)::int AS size'), 'modified_at');
}

/** Writes a file's bytes, making it when missing (as a node's write does). */
export async function putSandboxFile(db: Knex, serverId: number, file: NewSandboxFile, now: Date): Promise<void> {
  await db(FILES)
    .insert({
      server_id: serverId,
      path: file.path,
      directory: file.directory,
      name: file.name,
      is_file: true,
      content: file.content,
      modified_at: now,
    })
    .onConflict(['server_id', 'path'])
    .merge({ content: file.content, modified_at: now });
}

export async function setSandboxSftpPasswordHash(db: Knex, userId: number, hash: string): Promise<boolean> {
  return (await db('game_panel_sandbox_users').where({ id: userId }).update({ sftp_password_hash: hash })) > 0;
}

/** The owner's panel username and the server's node address, for the SFTP user and host. */
export function findSandboxSftpOwner(
  db: Knex,
  serverId: number,
): Promise<{ user_id: number; username: string; identifier: string; ip: string; port: number } | undefined> {
  return db('game_panel_sandbox_servers as s')
    .join('game_panel_sandbox_users as u', 'u.id', 's.user_id')
    .where('s.id', serverId)
    .first('u.id as user_id', 'u.username', 's.identifier', 's.ip', 's.port');
}

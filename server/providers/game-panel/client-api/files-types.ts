import type { Readable } from 'node:stream';

// What the customer panel does with a game server's files and SFTP access (issue 33), on the
// panel's client API or on the sandbox. Paths are absolute inside the server's root ("/",
// "/plugins", "/server.properties"): the routes check them before they reach an adapter.

/** Which server: the client API names it by its short identifier, the application API by its id. */
export interface GameServerRef {
  serverId: number;
  identifier: string;
}

/** One entry of a directory, as FileObjectTransformer answers it. */
export interface GameFileEntry {
  name: string;
  isFile: boolean;
  size: number;
  mimetype: string;
  modifiedAt: Date;
}

/** A file on its way to the browser: read from the node and passed on, never held whole. */
export interface GameFileDownload {
  body: Readable;
  /** Bytes, when the node said. */
  size: number | null;
}

/** Where the customer connects with an SFTP client (the node's `sftp_details`, `<user>.<identifier>`). */
export interface SftpAccess {
  host: string;
  port: number;
  username: string;
}

export interface GameFilesAdapter {
  readonly mode: 'live' | 'sandbox';
  list(server: GameServerRef, directory: string): Promise<GameFileEntry[]>;
  /** A text file's contents; GameFileTooLarge past `maxBytes`, GamePanelNotFound when missing. */
  read(server: GameServerRef, file: string, maxBytes: number): Promise<string>;
  write(server: GameServerRef, file: string, content: string): Promise<void>;
  download(server: GameServerRef, file: string): Promise<GameFileDownload>;
  upload(server: GameServerRef, directory: string, name: string, bytes: Buffer): Promise<void>;
  sftp(server: GameServerRef): Promise<SftpAccess>;
  /** The SFTP password is the panel user's: it is sent on and never kept here. */
  setSftpPassword(server: GameServerRef, password: string): Promise<void>;
}

/** The file is bigger than the editor takes (the panel's FileSizeTooLargeException). */
export class GameFileTooLarge extends Error {
  constructor(readonly file: string) {
    super(`${file} is too large to open in the editor`);
    this.name = 'GameFileTooLarge';
  }
}

/** The path names a directory where a file was expected, or the other way round. */
export class GameFileNotAFile extends Error {
  constructor(readonly path: string) {
    super(`${path} is not a file`);
    this.name = 'GameFileNotAFile';
  }
}

/** A live panel without PTERODACTYL_CLIENT_KEY: the client API cannot be reached at all. */
export class GameFilesUnconfigured extends Error {
  constructor() {
    super('PTERODACTYL_CLIENT_KEY is not set: the panel’s files and SFTP cannot be reached');
    this.name = 'GameFilesUnconfigured';
  }
}

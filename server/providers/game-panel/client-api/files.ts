import { Readable } from 'node:stream';
import { createPanelCall, type PanelCall } from '../panel-call';
import { GamePanelRefused, GamePanelUnavailable, type PanelFlavour } from '../types';
import { createSftpAccess } from './sftp';
import { GameFileTooLarge, type GameFileEntry, type GameFilesAdapter, type GameServerRef } from './files-types';

// A game server's files through the panel's client API (routes/api-client.php, FileController.php
// in ../shared/providers/pterodactyl), with a panel administrator's client key. Downloads and
// uploads go through the node's signed URLs (`/download/file?token=`, `/upload/file?token=`): our
// server calls them and passes the bytes on, so the URL and its token never reach the browser.

export interface GameFilesLiveConfig {
  /** The panel's address, e.g. https://panel.example.com. */
  url: string;
  applicationKey: string;
  clientKey: string;
  flavour?: PanelFlavour;
  timeoutMs?: number;
  /** How long the node may take to start answering a download or to take an upload. */
  transferTimeoutMs?: number;
}

interface FileObject {
  object: 'file_object';
  attributes: { name: string; size: number; is_file: boolean; mimetype: string; modified_at: string };
}
interface SignedUrl {
  object: 'signed_url';
  attributes: { url: string };
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_TRANSFER_TIMEOUT_MS = 120_000;

export function createLiveGameFiles(config: GameFilesLiveConfig): GameFilesAdapter {
  const panelName = config.flavour === 'pelican' ? 'Pelican' : 'Pterodactyl';
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transferTimeoutMs = config.transferTimeoutMs ?? DEFAULT_TRANSFER_TIMEOUT_MS;
  const root = config.url.replace(/\/+$/, '');
  const client: PanelCall = createPanelCall({ base: `${root}/api/client`, key: config.clientKey, keyKind: 'client', panelName, timeoutMs });
  const application: PanelCall = createPanelCall({
    base: `${root}/api/application`,
    key: config.applicationKey,
    keyKind: 'application',
    panelName,
    timeoutMs,
  });

  const on = (server: GameServerRef, path: string) => `/servers/${encodeURIComponent(server.identifier)}${path}`;
  const q = encodeURIComponent;

  async function signedUrl(server: GameServerRef, path: string): Promise<string> {
    const answer = await client<SignedUrl>('GET', on(server, path));
    const url = answer?.attributes?.url;
    if (!url) throw new GamePanelUnavailable(`GET ${path.split('?')[0]}: ${panelName} answered without a signed URL`);
    return url;
  }

  /** A call to the node itself (a signed URL): the token is in the URL, so the URL is never named in an error. */
  async function node(url: string, init: RequestInit, what: string): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(transferTimeoutMs), redirect: 'manual' });
    } catch (err) {
      throw new GamePanelUnavailable(`${what}: the node could not be reached`, err);
    }
    if (response.ok) return response;
    const said = await response.text().catch(() => '');
    if (response.status >= 500 || response.status === 429) throw new GamePanelUnavailable(`${what}: the node answered ${response.status}`);
    throw new GamePanelRefused(response.status, [
      { code: 'NodeRefused', status: String(response.status), detail: `${what}: ${said.slice(0, 200)}` },
    ]);
  }

  const tooLarge = (err: unknown) => err instanceof GamePanelRefused && err.errors.some((e) => e.code === 'FileSizeTooLargeException');

  return {
    mode: 'live',

    async list(server, directory) {
      const answer = await client<{ data?: FileObject[] }>('GET', on(server, `/files/list?directory=${q(directory)}`), {
        missing: `directory ${directory}`,
      });
      return (answer?.data ?? []).map(({ attributes: a }): GameFileEntry => ({
        name: a.name,
        isFile: a.is_file,
        size: a.size,
        mimetype: a.mimetype,
        modifiedAt: new Date(a.modified_at),
      }));
    },

    async read(server, file, maxBytes) {
      try {
        const text = await client<string>('GET', on(server, `/files/contents?file=${q(file)}`), {
          answer: 'text',
          missing: `file ${file}`,
        });
        // The panel's own limit (4 MiB by default) is above ours: the editor's is checked here.
        if (Buffer.byteLength(text ?? '', 'utf8') > maxBytes) throw new GameFileTooLarge(file);
        return text ?? '';
      } catch (err) {
        if (tooLarge(err)) throw new GameFileTooLarge(file);
        throw err;
      }
    },

    async write(server, file, content) {
      await client('POST', on(server, `/files/write?file=${q(file)}`), { text: content, missing: `file ${file}` });
    },

    async download(server, file) {
      const url = await signedUrl(server, `/files/download?file=${q(file)}`);
      const response = await node(url, { method: 'GET' }, 'download');
      const length = response.headers.get('content-length');
      if (!response.body) throw new GamePanelUnavailable('download: the node answered without a body');
      return {
        body: Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>),
        size: length === null ? null : Number(length),
      };
    },

    async upload(server, directory, name, bytes) {
      const url = await signedUrl(server, '/files/upload');
      // As the panel's browser code does: one multipart `files` field, the directory in the query.
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(bytes)]), name);
      const target = new URL(url);
      target.searchParams.set('directory', directory);
      await node(target.toString(), { method: 'POST', body: form }, 'upload');
    },

    ...createSftpAccess({ client, application, on }),
  };
}

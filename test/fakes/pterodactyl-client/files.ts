// The fake panel's file manager (FileController.php, FileObjectTransformer.php in
// ../shared/providers/pterodactyl) and the node's signed transfers behind it: list, contents,
// write, download and upload. A server's files start as a Minecraft server's tree. The panel answers
// a download or an upload with a signed URL on the node (`/download/file?token=`,
// `/upload/file?token=`); this fake serves those URLs itself: a download token works once, each
// token lasts 15 minutes on the fake's clock. A path climbing out of the root (`..`) is refused as
// the node refuses it, a file past the editor's limit as the panel does.
import { randomBytes } from 'node:crypto';
import { mimetypeOf, minecraftStarterFiles } from '../../../server/providers/game-panel/client-api/minecraft-starter';
import type { FakePanelServer } from '../pterodactyl';
import { failure, stamp, type Answer } from '../pterodactyl-wire';
import type { ClientApiState, ClientArea } from './index';

/** config('pterodactyl.files.max_edit_size'): 4 MiB. */
export const FAKE_MAX_EDIT_BYTES = 4 * 1024 * 1024;
const TOKEN_MS = 15 * 60_000;

interface FakeFile {
  isFile: boolean;
  content: Buffer;
  modifiedAt: Date;
}

interface Token {
  kind: 'download' | 'upload';
  serverId: number;
  file?: string;
  expiresAt: Date;
}

interface FilesState {
  /** Per server id: path → file. */
  trees: Map<number, Map<string, FakeFile>>;
  tokens: Map<string, Token>;
}

const byState = new WeakMap<ClientApiState, FilesState>();
function filesOf(state: ClientApiState): FilesState {
  let found = byState.get(state);
  if (!found) byState.set(state, (found = { trees: new Map(), tokens: new Map() }));
  return found;
}

/** The node's daemon error, as the panel passes it on (DaemonConnectionException). */
const daemon = (status: number, said: string) =>
  failure(
    status,
    'DaemonConnectionException',
    `An error occurred on the remote host: ${said}. (request id: ${randomBytes(4).toString('hex')})`,
  );
const missing = () => daemon(404, 'The requested resource was not found on the system');

/** The node's path cleaning: absolute, no `..`, no NUL; a trailing slash dropped. */
function clean(path: string | undefined): string {
  const raw = path ?? '/';
  if (raw.includes('\u0000') || raw.split('/').some((part) => part === '..'))
    throw daemon(400, 'Cannot perform that action: file is outside of the server root');
  const joined = `/${raw}`.replace(/\/+/g, '/').replace(/\/$/, '');
  return joined === '' ? '/' : joined;
}
const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/')) || '/';

function treeOf(state: ClientApiState, server: FakePanelServer): Map<string, FakeFile> {
  const trees = filesOf(state).trees;
  let tree = trees.get(server.id);
  if (!tree) {
    tree = new Map();
    const port = 25565;
    for (const f of minecraftStarterFiles(port, server.createdAt))
      tree.set(f.path, { isFile: f.content !== undefined, content: f.content ?? Buffer.alloc(0), modifiedAt: server.createdAt });
    trees.set(server.id, tree);
  }
  return tree;
}

function put(state: ClientApiState, tree: Map<string, FakeFile>, path: string, content: Buffer) {
  const existing = tree.get(path);
  if (existing && !existing.isFile) throw daemon(400, 'Cannot perform that action: the path is a directory');
  for (let dir = parentOf(path); dir !== '/'; dir = parentOf(dir))
    if (!tree.has(dir)) tree.set(dir, { isFile: false, content: Buffer.alloc(0), modifiedAt: state.clock.now() });
  tree.set(path, { isFile: true, content, modifiedAt: state.clock.now() });
}

function sign(state: ClientApiState, token: Omit<Token, 'expiresAt'>, path: string): Answer {
  const value = randomBytes(24).toString('hex');
  filesOf(state).tokens.set(value, { ...token, expiresAt: new Date(state.clock.now().getTime() + TOKEN_MS) });
  return { status: 200, body: { object: 'signed_url', attributes: { url: `${state.url()}${path}?token=${value}` } } };
}

export const filesArea: ClientArea = (call, state) => {
  const [area, action] = call.parts;
  if (area !== 'files' || call.parts.length !== 2) return undefined;
  const tree = treeOf(state, call.server);
  const at = (name: string) => {
    // GetFileContentsRequest / WriteFileContentRequest: `file` is required|string.
    if (name === 'file' && !call.query.file) throw failure(422, 'ValidationException', 'The file field is required.');
    return clean(call.query[name]);
  };

  if (call.method === 'GET' && action === 'list') {
    const directory = clean(call.query.directory);
    if (directory !== '/' && tree.get(directory)?.isFile !== false) throw missing();
    const data = [...tree.entries()]
      .filter(([path]) => path !== directory && parentOf(path) === directory)
      .map(([path, f]) => {
        const name = path.slice(path.lastIndexOf('/') + 1);
        return {
          object: 'file_object',
          attributes: {
            name,
            mode: f.isFile ? '-rw-r--r--' : 'drwxr-xr-x',
            mode_bits: f.isFile ? '644' : '755',
            size: f.isFile ? f.content.length : 4096,
            is_file: f.isFile,
            is_symlink: false,
            mimetype: mimetypeOf(name, f.isFile),
            created_at: stamp(f.modifiedAt),
            modified_at: stamp(f.modifiedAt),
          },
        };
      });
    return { status: 200, body: { object: 'list', data } };
  }

  if (call.method === 'GET' && action === 'contents') {
    const file = tree.get(at('file'));
    if (!file || !file.isFile) throw missing();
    if (file.content.length > FAKE_MAX_EDIT_BYTES)
      throw failure(400, 'FileSizeTooLargeException', 'The file you are attempting to open is too large to view in the file editor.');
    return { status: 200, raw: file.content, headers: { 'Content-Type': 'text/plain' } };
  }

  if (call.method === 'POST' && action === 'write') {
    put(state, tree, at('file'), call.raw);
    return { status: 204 };
  }

  if (call.method === 'GET' && action === 'download') {
    const path = at('file');
    if (!tree.get(path)?.isFile) throw missing();
    return sign(state, { kind: 'download', serverId: call.server.id, file: path }, '/download/file');
  }

  if (call.method === 'GET' && action === 'upload') return sign(state, { kind: 'upload', serverId: call.server.id }, '/upload/file');
  return undefined;
};

/** The node's own endpoints behind the signed URLs; undefined for any other path. */
export async function answerNode(
  state: ClientApiState,
  request: { method: string; path: string; query: Record<string, string>; raw: Buffer; contentType: string | undefined },
): Promise<Answer | undefined> {
  const kind = request.path === '/download/file' ? 'download' : request.path === '/upload/file' ? 'upload' : null;
  if (!kind) return undefined;
  const denied: Answer = { status: 403, body: { error: 'You are not authorized to access this endpoint.' } };
  const tokens = filesOf(state).tokens;
  const token = tokens.get(request.query.token ?? '');
  if (!token || token.kind !== kind || token.expiresAt <= state.clock.now()) return denied;
  const server = state.servers.get(token.serverId);
  if (!server) return { status: 404, body: { error: 'The requested resource was not found on the system.' } };
  const tree = treeOf(state, server);

  if (kind === 'download' && request.method === 'GET') {
    tokens.delete(request.query.token!); // one use
    const file = tree.get(token.file!);
    if (!file?.isFile) return { status: 404, body: { error: 'The requested resource was not found on the system.' } };
    const name = token.file!.slice(token.file!.lastIndexOf('/') + 1);
    return {
      status: 200,
      raw: file.content,
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename="${name}"` },
    };
  }

  if (kind === 'upload' && request.method === 'POST') {
    let directory: string;
    try {
      directory = clean(request.query.directory);
    } catch {
      return { status: 400, body: { error: 'Cannot perform that action: file is outside of the server root.' } };
    }
    const form = await new Response(new Uint8Array(request.raw), { headers: { 'Content-Type': request.contentType ?? '' } })
      .formData()
      .catch(() => null);
    const files = (form?.getAll('files') ?? []).filter((part): part is File => typeof part !== 'string');
    if (files.length === 0) return { status: 400, body: { error: 'No files were found on the request body.' } };
    for (const file of files) {
      if (file.name.includes('/') || file.name === '..' || file.name === '')
        return { status: 400, body: { error: 'Cannot perform that action: file is outside of the server root.' } };
      const path = directory === '/' ? `/${file.name}` : `${directory}/${file.name}`;
      put(state, tree, path, Buffer.from(await file.arrayBuffer()));
    }
    return { status: 200 };
  }
  return { status: 405, body: { error: 'Method not allowed.' } };
}

/** A file as the fake node holds it now (the test reads what a write or an upload left). */
export function fakeFileOf(state: ClientApiState, server: FakePanelServer, path: string): Buffer | null {
  const file = treeOf(state, server).get(path);
  return file?.isFile ? file.content : null;
}

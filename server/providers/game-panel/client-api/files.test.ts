import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPterodactylFake, type PterodactylFake } from '../../../../test/fakes/pterodactyl';
import { createPterodactylAdapter } from '../pterodactyl';
import { GamePanelNotFound, GamePanelRefused } from '../types';
import { createLiveGameFiles } from './files';
import { GameFileTooLarge, type GameServerRef } from './files-types';

// The client-API files adapter against the fake panel's wire format: the JSON shapes of
// FileController, the raw text of a file's contents and of a write, the node's signed URLs.

let fake: PterodactylFake;
let server: GameServerRef;
const now = { value: new Date('2026-12-01T10:00:00Z') };

beforeAll(async () => {
  fake = await startPterodactylFake({ clock: { now: () => now.value }, installMs: 0 });
  const panel = createPterodactylAdapter({ url: fake.url, applicationKey: fake.applicationKey });
  const user = await panel.findOrCreateUser({
    externalId: '7',
    email: 'camille@example.test',
    username: 'camille',
    firstName: 'Camille',
    lastName: 'Dubois',
  });
  const created = await panel.createServer({
    externalId: '70',
    name: 'Survie',
    userId: user.id,
    egg: 1,
    dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
    startup: 'java -jar {{SERVER_JARFILE}}',
    environment: { SERVER_JARFILE: 'server.jar', BUILD_NUMBER: 'latest', MINECRAFT_VERSION: 'latest' },
    limits: { memory: 2048, swap: 0, disk: 10240, io: 500, cpu: 100 },
    featureLimits: { databases: 0, allocations: 1, backups: 1 },
    deploy: { locations: [1] },
  });
  server = { serverId: created.id, identifier: created.identifier };
});

afterAll(() => fake.close());

const files = () =>
  createLiveGameFiles({ url: fake.url, applicationKey: fake.applicationKey, clientKey: fake.clientKey, timeoutMs: 2_000 });

describe('live game files on the panel’s client API', () => {
  it('lists a directory from the file objects', async () => {
    const entries = await files().list(server, '/plugins');
    expect(entries).toContainEqual({
      name: 'bStats',
      isFile: false,
      size: 4096,
      mimetype: 'inode/directory',
      modifiedAt: expect.any(Date),
    });
  });

  it('writes raw text and reads it back as text', async () => {
    const text = 'motd=Bonjour\n# « accents » kept\n';
    await files().write(server, '/notes.txt', text);
    expect(fake.fileOf(server.serverId, '/notes.txt')!.toString('utf8')).toBe(text);
    const write = fake.requests.findLast((r) => r.path.endsWith('/files/write'));
    expect(write?.headers['content-type']).toBe('text/plain');
    expect(await files().read(server, '/notes.txt', 1024)).toBe(text);
  });

  it('says a missing file is not found, and one past the limit too large', async () => {
    await expect(files().read(server, '/nope.txt', 1024)).rejects.toBeInstanceOf(GamePanelNotFound);
    await expect(files().read(server, '/server.properties', 100)).rejects.toBeInstanceOf(GameFileTooLarge);
    // Past the panel's own limit (4 MiB), its FileSizeTooLargeException.
    await files().upload(server, '/logs', 'huge.log', Buffer.alloc(4 * 1024 * 1024 + 1, 'x'));
    await expect(files().read(server, '/logs/huge.log', 10 * 1024 * 1024)).rejects.toBeInstanceOf(GameFileTooLarge);
  });

  it('downloads through a signed URL that works once', async () => {
    const download = await files().download(server, '/eula.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of download.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toContain('eula=true');
    const used = fake.requests.findLast((r) => r.path === '/download/file')!;
    const again = await fetch(`${fake.url}/download/file?token=${used.query.token}`);
    expect(again.status).toBe(403);
  });

  it('uploads as multipart `files` with the directory in the query', async () => {
    await files().upload(server, '/plugins', 'Vault.jar', Buffer.from('PK\u0003\u0004'));
    expect(fake.fileOf(server.serverId, '/plugins/Vault.jar')!.toString()).toBe('PK\u0003\u0004');
    const upload = fake.requests.findLast((r) => r.path === '/upload/file')!;
    expect(upload.query.directory).toBe('/plugins');
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data/);
  });

  it('gives the SFTP address and user, and sets the password on the panel user with the fields its rules require', async () => {
    const owner = fake.users.get(fake.servers.get(server.serverId)!.userId)!;
    expect(await files().sftp(server)).toEqual({ host: 'gra1.play.example', port: 2022, username: `camille.${server.identifier}` });
    await files().setSftpPassword(server, 'Long-enough-password-1');
    expect(owner.password).toBe('Long-enough-password-1');
    expect(owner.email).toBe('camille@example.test');
  });

  it('is refused with a key the client API does not know', async () => {
    const wrong = createLiveGameFiles({ url: fake.url, applicationKey: fake.applicationKey, clientKey: 'ptlc_wrong', timeoutMs: 2_000 });
    const refusal = await wrong.list(server, '/').catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(GamePanelRefused);
    expect((refusal as GamePanelRefused).status).toBe(401);
    expect((refusal as Error).message).not.toContain('ptlc_wrong');
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../server/jobs/job-queue';
import { MAIL_OUTBOX_QUEUE } from '../../server/jobs/queues';
import { startSmtpTarpit, type SmtpTarpit } from '../fakes/smtp-tarpit';
import { testLogger } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { freePort } from '../support/postgres-admin';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';

// The real server (server/main.ts, as `npm start` runs it) on a fresh database, stopped with SIGTERM
// while a request is half received and a job is half done: what a rolling deploy does to it.

const ROOT = new URL('../..', import.meta.url).pathname;
const MAIL_TO = 'drain@example.test';

let database: TestDatabase;
let capture: SmtpCapture;
let tarpit: SmtpTarpit;
let server: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-drain-'));

beforeAll(async () => {
  database = await createTestDatabase();
  capture = await startSmtpCapture();
  tarpit = await startSmtpTarpit(capture);
});
afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await tarpit.close();
  await capture.close();
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    SMTP_URL: tarpit.url,
    // The held mail must still be waiting for its greeting when the test lets it through.
    SMTP_CONNECT_TIMEOUT_MS: '120000',
    SMTP_SEND_TIMEOUT_MS: '120000',
    JWT_SECRET: 'drain-test-secret-that-is-long-enough-0123456789',
    ENCRYPTION_KEY: 'cd'.repeat(32),
    LOG_LEVEL: 'warn',
  };
  delete env.REDIS_URL;
  // node with tsx's loader in process (as launch-shop.ts): the signal reaches the app's own handler.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    if (
      await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server was not ready within 90 s');
}

/** A raw HTTP/1.1 connection: the test writes the request in pieces and reads the whole answer. */
async function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    write: (text: string) => new Promise<void>((resolve) => socket.write(text, () => resolve())),
    /** The answer once the server closed the connection (it says Connection: close while it stops). */
    async answer() {
      await ended;
      const [head = '', body = ''] = received.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body };
    },
  };
}

/** Whether a new TCP connection is accepted on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('SIGTERM', () => {
  it(
    'stops taking connections, says not ready, finishes the request and the job in flight, and exits 0',
    { timeout: 180_000 },
    async () => {
      const port = await freePort();
      server = await startServer(port);
      const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));

      // A job in flight: the mail-outbox job is sending a mail to a server that has not greeted yet.
      const { db } = database;
      const [mail] = (await db('mail_outbox')
        .insert({
          to_email: MAIL_TO,
          template: 'verify',
          subject: 'Drain',
          text_body: 'Sent once.',
          next_attempt_at: db.raw("now() - interval '1 minute'"),
        })
        .returning('id')) as { id: number }[];
      await createJobQueue(db, testLogger()).send(db, MAIL_OUTBOX_QUEUE.name, {});
      await tarpit.waitForHeld(1, 30_000);

      // A request in flight: its body half sent. And a readiness question whose headers are half sent
      // (a load balancer's kept-alive connection): neither connection is idle, so neither is dropped.
      const body = JSON.stringify({ email: 'nobody-here@example.test', language: 'fr' });
      const slow = await rawConnection(port);
      await slow.write(
        `POST /api/auth/forget-password-via-email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      const probe = await rawConnection(port);
      await probe.write('GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      await new Promise((r) => setTimeout(r, 300)); // the server has read both beginnings

      server.kill('SIGTERM');
      await waitFor('new connections refused', async () => !(await accepts(port)));

      await probe.write('\r\n');
      const ready = await probe.answer();
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ error: 'not_ready' });
      expect(ready.head).toContain('connection: close');

      await slow.write(body.slice(10));
      const answer = await slow.answer();
      expect(answer.status).toBe(200);

      // The mail server answers at last: the job sends its mail, then the process exits.
      expect(server.exitCode).toBeNull();
      tarpit.recover();
      expect(await exited).toBe(0);

      expect(capture.mails.filter((m) => m.to.includes(MAIL_TO))).toHaveLength(1);
      expect(await db('mail_outbox').where({ id: mail!.id }).first('status')).toEqual({ status: 'sent' });
      // Done once, and nothing left half done: no outbox job still active, failed or waiting to retry.
      const unfinished = await db.raw("SELECT state FROM pgboss.job WHERE name = ? AND state IN ('active', 'failed', 'retry')", [
        MAIL_OUTBOX_QUEUE.name,
      ]);
      expect(unfinished.rows).toEqual([]);
    },
  );
});

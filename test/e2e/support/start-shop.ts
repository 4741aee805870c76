import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../support/postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const ROOT = new URL('../../..', import.meta.url).pathname;

/** Starts the real server on the built client with a fresh embedded database and demo data. */
export default async function startShop(project: TestProject) {
  if (!existsSync(join(ROOT, 'dist/client/index.html'))) {
    throw new Error('The client is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  chmodSync(dataDir, 0o755); // the embedded Postgres runs as the postgres user when we are root
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL; // the browser suite runs the shop exactly as `npm start` on a fresh machine
  const server = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], { cwd: ROOT, env, stdio: 'inherit' });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${baseUrl}/api/ready`, server);
  project.provide('baseUrl', baseUrl);

  return async () => {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function waitUntilReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the shop exited with code ${server.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill('SIGKILL');
  throw new Error(`the shop was not ready at ${url} within 90 s`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

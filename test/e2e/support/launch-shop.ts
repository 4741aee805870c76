import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../support/postgres-admin';

const ROOT = new URL('../../..', import.meta.url).pathname;

export interface RunningShop {
  baseUrl: string;
  pgPort: number;
  /** SIGTERM, then the exit code (SIGKILL after 15 s). */
  stop(): Promise<number | null>;
}

interface LaunchOptions {
  /** Reuse an embedded Postgres port (a restart on the same data). */
  pgPort?: number;
  /** Extra variables: SMTP_URL, DISCORD_* pointing at the test's own peers. */
  env?: Record<string, string>;
}

/** Starts `server/main.ts` as `npm start` does (without the build), on an embedded database in dataDir. */
export async function launchShop(dataDir: string, options: LaunchOptions = {}): Promise<RunningShop> {
  const port = await freePort();
  const embeddedPort = options.pgPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(embeddedPort),
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  delete env.DATABASE_URL; // the browser suite runs the shop exactly as on a fresh machine
  // As npm start runs it: node with tsx's loader in process, so SIGTERM reaches the app's own handler
  // (the tsx command's relay kills the app when it does not answer within 30 ms, e.g. mid-render).
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: 'inherit' });
  await waitUntilReady(`${baseUrl}/api/ready`, server);
  return { baseUrl, pgPort: embeddedPort, stop: () => stopProcess(server) };
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

function stopProcess(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(force);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

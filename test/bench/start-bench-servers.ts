import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const ROOT = new URL('../..', import.meta.url).pathname;

export interface BenchServers {
  /** The real app (demo data seeded), trusting X-Forwarded-For from loopback like a reverse proxy's. */
  appPort: number;
  /** The same app without METRICS_TOKEN: requests are not timed (what the metrics cost). */
  unmeteredPort: number;
  /** A bare Express endpoint serving the catalogue's bytes. */
  barePort: number;
  bytes: number;
  stop(): void;
}

/**
 * Starts test/bench/bench-servers.ts in a child process, so the load generator and the servers each
 * have their own event loop; resolves once they listen.
 */
export async function startBenchServers(): Promise<BenchServers> {
  const child = spawn(`${ROOT}node_modules/.bin/tsx`, ['test/bench/bench-servers.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
  });
  const ports = JSON.parse(firstLine) as { appPort: number; unmeteredPort: number; barePort: number; bytes: number };
  return { ...ports, stop: () => child.kill('SIGTERM') };
}

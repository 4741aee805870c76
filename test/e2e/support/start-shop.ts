import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchShop } from './launch-shop';

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
  const shop = await launchShop(dataDir);
  project.provide('baseUrl', shop.baseUrl);

  return async () => {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

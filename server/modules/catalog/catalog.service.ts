import type { Knex } from 'knex';
import { createHash } from 'node:crypto';
import { presentProduct } from './catalog.presenter';
import { listActiveProducts } from './catalog.repo';

export interface CatalogSnapshot {
  body: Buffer;
  etag: string;
}

/**
 * Every public page reads the catalogue, and it changes rarely: the serialised list is kept for a
 * few seconds per instance. Writes made here call invalidate(); another instance's writes show
 * within ttlMs. Stock is only displayed from it — orders always check stock in the database.
 */
export function createCatalog(db: Knex, { ttlMs = 5_000 }: { ttlMs?: number } = {}) {
  let cached: { snapshot: CatalogSnapshot; expiresAt: number } | undefined;
  let loading: Promise<CatalogSnapshot> | undefined;

  async function load(): Promise<CatalogSnapshot> {
    const body = Buffer.from(JSON.stringify((await listActiveProducts(db)).map(presentProduct)));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    return { body, etag };
  }

  return {
    async productsSnapshot(): Promise<CatalogSnapshot> {
      if (cached && cached.expiresAt > Date.now()) return cached.snapshot;
      // One query for all the requests that arrive while it runs.
      loading ??= load()
        .then((snapshot) => {
          cached = { snapshot, expiresAt: Date.now() + ttlMs };
          return snapshot;
        })
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },
    invalidate(): void {
      cached = undefined;
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

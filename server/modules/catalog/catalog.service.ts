import type { Knex } from 'knex';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { presentProduct } from './catalog.presenter';
import { listActiveProducts } from './catalog.repo';
import { shownStock } from './deliverable-stock';

export interface CatalogSnapshot {
  body: Buffer;
  /** The same bytes compressed once per load, so each request only picks one. */
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * Every public page reads the catalogue, and it changes rarely: the serialised list is kept for a
 * few seconds per instance. Writes made here call invalidate(); another instance's writes show
 * within ttlMs, as do the inventory's free machines a VPS's stock counts. Stock is only displayed
 * from it — orders always check stock in the database.
 */
export function createCatalog(
  db: Knex,
  {
    ttlMs = 5_000,
    ovhAutoOrder = false,
  }: {
    ttlMs?: number;
    /** OVH_AUTO_ORDER: a VPS product that may be bought at OVH shows products.stock, not its free machines. */
    ovhAutoOrder?: boolean;
  } = {},
) {
  let cached: { snapshot: CatalogSnapshot; expiresAt: number } | undefined;
  let loading: Promise<CatalogSnapshot> | undefined;
  // Bumped by invalidate(): a load that started before a write must not cache the old list.
  let generation = 0;

  async function load(): Promise<CatalogSnapshot> {
    const rows = await listActiveProducts(db);
    const stock = await shownStock(db, rows, { ovhAutoOrder });
    const body = Buffer.from(JSON.stringify(rows.map((row) => presentProduct(row, stock.get(row.id) ?? row.stock))));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    return { body, brotli: brotliCompressSync(body), gzip: gzipSync(body, { level: 9 }), etag };
  }

  return {
    async productsSnapshot(): Promise<CatalogSnapshot> {
      if (cached && cached.expiresAt > performance.now()) return cached.snapshot;
      if (loading) return loading; // one query for all the requests that arrive while it runs
      const startedAt = generation;
      const current: Promise<CatalogSnapshot> = load()
        .then((snapshot) => {
          if (startedAt === generation) cached = { snapshot, expiresAt: performance.now() + ttlMs };
          return snapshot;
        })
        .finally(() => {
          if (loading === current) loading = undefined;
        });
      loading = current;
      return current;
    },
    invalidate(): void {
      generation += 1;
      cached = undefined;
      loading = undefined;
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

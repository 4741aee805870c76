import type { Knex } from 'knex';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { serverTranslator } from '../../i18n/server-text';
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

/** One load of the catalogue: each language serialised and compressed the first time it is asked. */
type Snapshots = (lng: Language) => CatalogSnapshot;

/**
 * Every public page reads the catalogue, and it changes rarely: the serialised list is kept for a
 * few seconds per instance, in each language (one query serves the four). Writes made here call invalidate(); another instance's writes show
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
  let cached: { snapshots: Snapshots; expiresAt: number } | undefined;
  let loading: Promise<Snapshots> | undefined;
  // Bumped by invalidate(): a load that started before a write must not cache the old list.
  let generation = 0;

  async function load(): Promise<Snapshots> {
    const rows = await listActiveProducts(db);
    const stock = await shownStock(db, rows, { ovhAutoOrder });
    const inLanguage = (lng: Language): CatalogSnapshot => {
      const t = serverTranslator(lng);
      const body = Buffer.from(JSON.stringify(rows.map((row) => presentProduct(row, stock.get(row.id) ?? row.stock, lng, t))));
      // The ETag names the bytes, so each language has its own and a switch of language is never a 304.
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      return { body, brotli: brotliCompressSync(body), gzip: gzipSync(body, { level: 9 }), etag };
    };
    const made = new Map<Language, CatalogSnapshot>();
    return (lng) => {
      if (!made.has(lng)) made.set(lng, inLanguage(lng));
      return made.get(lng)!;
    };
  }

  async function snapshots(): Promise<Snapshots> {
    if (cached && cached.expiresAt > performance.now()) return cached.snapshots;
    if (loading) return loading; // one query for all the requests that arrive while it runs
    const startedAt = generation;
    const current: Promise<Snapshots> = load()
      .then((loaded) => {
        if (startedAt === generation) cached = { snapshots: loaded, expiresAt: performance.now() + ttlMs };
        return loaded;
      })
      .finally(() => {
        if (loading === current) loading = undefined;
      });
    loading = current;
    return current;
  }

  return {
    /** The active products in `lng` (French when not given), serialised and compressed. */
    async productsSnapshot(lng: Language = DEFAULT_LANGUAGE): Promise<CatalogSnapshot> {
      return (await snapshots())(lng);
    },
    invalidate(): void {
      generation += 1;
      cached = undefined;
      loading = undefined;
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

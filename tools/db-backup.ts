// `npm run db:backup [-- --out FILE]`: the whole database (orders, invoices with their stored PDFs,
// customers, sessions, the job queue) in pg_dump's custom format (-Fc: compressed, restored with
// pg_restore, table by table). DATABASE_URL's database, else the embedded one. What a backup does
// NOT hold, and must be kept apart: ENCRYPTION_KEY, JWT_SECRET and the seller settings (README).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pgProgram, runOnDatabase, targetDatabase } from './postgres-cli';

const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const out = resolve(values.out ?? `backups/storefront-${stamp}.dump`);

const database = await targetDatabase();
try {
  mkdirSync(dirname(out), { recursive: true });
  await runOnDatabase(pgProgram('pg_dump'), ['--format=custom', '--compress=6', `--file=${out}`], database.url);
  console.log(`Backup written to ${out}`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.release();
}

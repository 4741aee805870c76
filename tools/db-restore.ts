// `npm run db:restore -- FILE`: a db:backup file into DATABASE_URL's database (else the embedded
// one), which must be new and empty: a restore never mixes with, or overwrites, a shop's data.
// Create it first (`createdb`, or your provider's console), restore, then start the app on it
// with the same ENCRYPTION_KEY and JWT_SECRET as the backed-up shop.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pgProgram, runOnDatabase, targetDatabase } from './postgres-cli';

const { positionals } = parseArgs({ allowPositionals: true, strict: true });
const file = positionals[0];
if (!file || !existsSync(file)) {
  console.error('Usage: npm run db:restore -- <backup file made by npm run db:backup>');
  process.exit(2);
}

/** Tables outside Postgres' own schemas: any means the database is in use. */
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

const database = await targetDatabase();
try {
  if ((await tablesIn(database.url)) > 0) {
    throw new Error('The target database is not empty: restore into a new database (createdb), then point DATABASE_URL at it.');
  }
  // One transaction: a failed restore leaves the database empty, never half-filled. Objects belong
  // to whoever restores (the new server's user), not to the backed-up server's roles.
  await runOnDatabase(
    pgProgram('pg_restore'),
    ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', file],
    database.url,
  );
  console.log(`Restored ${file}`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.release();
}

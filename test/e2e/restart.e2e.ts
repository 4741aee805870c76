import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { launchShop } from './support/launch-shop';

const dataDir = mkdtempSync(join(tmpdir(), 'storefront-restart-'));
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function query(pgPort: number, sql: string, params: unknown[] = []) {
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password, database: 'storefront' });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded database across restarts', () => {
  it('stops cleanly on SIGTERM and keeps its data for the next start, without seeding twice', async () => {
    const first = await launchShop(dataDir);
    const products = (await (await fetch(`${first.baseUrl}/api/products`)).json()) as unknown[];
    await query(first.pgPort, "insert into support_tickets (name, email, message) values ('Test', 't@x.test', 'toujours là ?')");
    expect(await first.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false); // Postgres shut down too

    const second = await launchShop(dataDir, { pgPort: first.pgPort });
    try {
      const again = (await (await fetch(`${second.baseUrl}/api/products`)).json()) as unknown[];
      expect(again).toHaveLength(products.length);
      const rows = await query(second.pgPort, "select message from support_tickets where email = 't@x.test'");
      expect(rows).toEqual([{ message: 'toujours là ?' }]);
      const admins = await query(second.pgPort, "select count(*)::int as n from users where email = 'admin@demo.test'");
      expect(admins).toEqual([{ n: 1 }]);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});

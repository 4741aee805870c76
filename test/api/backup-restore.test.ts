import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../server/db/knex';
import { bearer } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buildSellableProduct, buyer, cartBody } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { binary, paidCardOrder } from '../support/paid-orders';
import { pdfText } from '../support/pdf-text';
import { adminQuery, databaseUrl } from '../support/postgres-admin';

// npm run db:backup / db:restore with the machine's pg_dump and pg_restore. It needs a server they
// can talk to: DATABASE_URL's (CI's external pass, Postgres 15 like its client programs). Without
// it the suite runs on the embedded Postgres 18, which an older pg_dump refuses to dump.
const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

const SCRIPTS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The npm script's own command (tsx tools/db-….ts), run without npm's start-up on a busy CI box. */
function npm(script: 'db:backup' | 'db:restore', args: string[], url: string) {
  const [program, ...scriptArgs] = SCRIPTS[script]!.split(' ');
  return run(join(ROOT, 'node_modules/.bin', program!), [...scriptArgs, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
  });
}

describe.skipIf(!process.env.DATABASE_URL)('db:backup then db:restore into a new database', () => {
  let shop: TestDatabase;
  let dir: string;
  const restoredName = `${inject('dbPrefix')}restored_${randomBytes(4).toString('hex')}`;
  const restoredUrl = databaseUrl(inject('dbAdminUrl'), restoredName);
  const restoredDb = createDb(restoredUrl, { pool: { min: 0, max: 5 } });

  beforeAll(async () => {
    shop = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'storefront-backup-'));
    await adminQuery(inject('dbAdminUrl'), `CREATE DATABASE "${restoredName}"`); // empty: no template
  });
  afterAll(async () => {
    await restoredDb.destroy();
    await adminQuery(inject('dbAdminUrl'), `DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
    await shop?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the restored shop serves the same orders, invoices and invoice PDFs', async () => {
    const app = createTestApp(shop.db);
    const customer = await buyer(shop.db, { full_name: 'Camille Restauration' });
    const product = await buildSellableProduct(shop.db, { name: 'VPS Sauvegarde' });
    const paid = [
      await paidCardOrder(app, shop.db, customer.id, cartBody(product)),
      await paidCardOrder(app, shop.db, customer.id, cartBody(product, 2)),
    ];
    await request(app)
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(customer.id))
      .send({ ...cartBody(product), accountIBAN: 'BE68539007547034', accountName: 'Camille Dubois' })
      .expect(201); // an unpaid order too

    const seen = async (target: typeof app) => {
      const list = await request(target).get('/api/vps/orders').set('Authorization', bearer(customer.id)).expect(200);
      const pdfs = [];
      for (const order of paid) {
        const pdf = await binary(
          request(target).get(`/api/vps/orders/${order.id}/invoice`).set('Authorization', bearer(customer.id)),
        ).expect(200);
        pdfs.push(pdf.body as Buffer);
      }
      return { orders: list.body as unknown, pdfs };
    };
    const before = await seen(app);
    expect(JSON.stringify(before.orders)).toContain(paid[1]!.invoice_number);

    const file = join(dir, 'shop.dump');
    await npm('db:backup', ['--out', file], shop.url);
    expect(statSync(file).size).toBeGreaterThan(0);
    await npm('db:restore', [file], restoredUrl);

    const after = await seen(createTestApp(restoredDb));
    expect(after.orders).toEqual(before.orders);
    expect(after.pdfs).toEqual(before.pdfs); // the stored PDFs, byte for byte
    const text = await pdfText(after.pdfs[0]!);
    expect(text).toContain(paid[0]!.invoice_number);
    expect(text).toContain('Camille Restauration');
    // Numbering goes on after the restored invoices, never reusing one.
    const next = await paidCardOrder(createTestApp(restoredDb), restoredDb, customer.id, cartBody(product));
    expect(next.invoice_number! > paid[1]!.invoice_number!).toBe(true);
  }, 120_000);

  it('db:restore refuses a database that is not empty, and changes nothing', async () => {
    const file = join(dir, 'again.dump');
    await npm('db:backup', ['--out', file], shop.url);
    const orders = await shop.db('orders').count({ n: '*' });
    await expect(npm('db:restore', [file], shop.url)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The target database is not empty'),
    });
    expect(await shop.db('orders').count({ n: '*' })).toEqual(orders);
  }, 60_000);
});

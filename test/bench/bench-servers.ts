// Child process of the benchmark: the real app with and without request metrics, and a bare Express
// endpoint serving the same bytes.
import express from 'express';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createApp } from '../../server/app';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { createDb, migrate } from '../../server/db/knex';
import { seedDemoData } from '../../seeds/index';
import { adminQuery, databaseUrl, freePort } from '../support/postgres-admin';
import { DEMO_SELLER } from '../../server/seller-config';

const logger = pino({ level: 'silent' });
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
chmodSync(dataDir, 0o755);

let serverUrl = process.env.DATABASE_URL;
let stopEmbedded = async () => {};
if (!serverUrl) {
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres', logger });
  serverUrl = embedded.url;
  stopEmbedded = embedded.stop;
}
const database = `storefront_bench_${process.pid}`;
await adminQuery(serverUrl, `CREATE DATABASE "${database}"`);
const db = createDb(databaseUrl(serverUrl, database));
await migrate(db);
await seedDemoData(db, { encryptionKey: 'ab'.repeat(32) });

/** The app as an operator runs it: with METRICS_TOKEN set, every request is timed for /metrics. */
async function listenApp(metricsToken: string | undefined) {
  const app = createApp({
    db,
    logger,
    config: {
      jwtSecret: 'bench-only-secret-'.padEnd(48, 'x'),
      publicUrl: 'http://127.0.0.1',
      bank: { iban: 'BE71096123456769', bic: 'GKCCBEBB', accountHolder: 'Bench' },
      seller: DEMO_SELLER,
      encryptionKey: 'ab'.repeat(32),
      ...(metricsToken ? { metricsToken } : {}),
    },
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { server, port: (server.address() as AddressInfo).port };
}
const { server: appServer, port: appPort } = await listenApp(process.env.BENCH_AA ? undefined : 'bench-metrics-token-0123456789');
const { server: unmeteredServer, port: unmeteredPort } = await listenApp(undefined);

const bytes = Buffer.from(await (await fetch(`http://127.0.0.1:${appPort}/api/products`)).arrayBuffer());
const bare = express();
bare.get('/api/products', (_req, res) => {
  res.type('application/json').send(bytes);
});
// The servers' CPU time so far: divided by the requests of one measurement, the CPU one request
// costs, which the rest of the machine's load does not change the way it changes throughput.
bare.get('/bench/cpu', (_req, res) => {
  const { user, system } = process.cpuUsage();
  res.json({ micros: user + system });
});
const bareServer = bare.listen(0, '127.0.0.1');
await new Promise((r) => bareServer.once('listening', r));
const barePort = (bareServer.address() as AddressInfo).port;

process.stdout.write(`${JSON.stringify({ appPort, unmeteredPort, barePort, bytes: bytes.length })}\n`);

process.once('SIGTERM', async () => {
  appServer.close();
  unmeteredServer.close();
  bareServer.close();
  await db.destroy();
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await stopEmbedded();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});

import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { seedDemoDataOnce } from './db/demo-data';
import { createLogger } from './logger';

const CLIENT_DIR = fileURLToPath(new URL('../dist/client', import.meta.url));

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await connectDatabase(config, logger);
  if (config.seedDemo) await seedDemoDataOnce(database.db, config.encryptionKey, logger);

  const app = createApp({ db: database.db, logger, clientDir: CLIENT_DIR });
  const server = createServer(app);
  server.listen(config.port, () => {
    logger.info({ url: `${config.publicUrl}/fr` }, 'storefront listening');
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('The storefront could not start:', err);
  }
  process.exit(1);
});

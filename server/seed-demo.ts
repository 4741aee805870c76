// `npm run seed`: applies the demo data again (idempotent), on DATABASE_URL or the embedded database.
import { seedDemoData } from '../seeds/index';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { createLogger } from './logger';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await connectDatabase(config, logger);
try {
  await database.db.transaction((trx) => seedDemoData(trx, { encryptionKey: config.encryptionKey }));
  logger.info('demo data applied');
} finally {
  await database.close();
}

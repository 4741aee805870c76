import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { seedDemoData } from '../../seeds/index';

const DEMO_MARKER_EMAIL = 'admin@demo.test';
const SEED_LOCK = 727_001; // advisory lock id: two instances starting together seed once

/** Seeds the demo data the first time (an existing demo admin means it was done). */
export async function seedDemoDataOnce(db: Knex, encryptionKey: string, logger: Logger): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
    const seeded = await trx('users').whereRaw('lower(email) = ?', [DEMO_MARKER_EMAIL]).first('id');
    if (seeded) return;
    await seedDemoData(trx, { encryptionKey });
    logger.info('demo data seeded');
  });
}

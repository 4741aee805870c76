import type { Knex } from 'knex';
import { seedAccounts } from './accounts';
import { seedCatalog } from './catalog';
import { seedCustomerHistory } from './customer-history';
import { seedSecondFactors } from './second-factors';
import { seedTicketsAndRatings } from './tickets-and-ratings';
import { seedVpsInventory } from './vps-inventory';
import { seedServices } from './services';

/**
 * The demo data of DESIGN.md §2, idempotent: every row is found again by a natural key (category
 * name, (category, name), product slug, lower(email), VPS service name, a fixed order uuid, ticket
 * (email, subject), rating user), so a second run leaves the same rows. One transaction: a failure
 * leaves nothing half-seeded. Catalogue and demo accounts are brought back to what is written here;
 * orders, VPS state, tickets, ratings and wallet movements are only inserted when missing, so a
 * restart never rewinds what someone did with the demo.
 */
export async function seedDemoData(db: Knex, opts: { encryptionKey: string }): Promise<void> {
  await db.transaction(async (trx) => {
    // Several instances may start at once: the second waits, then finds everything in place.
    await trx.raw("SELECT pg_advisory_xact_lock(hashtext('storefront.seed_demo_data'))");
    const now = new Date();
    await seedCatalog(trx);
    const users = await seedAccounts(trx, now);
    await seedSecondFactors(trx, users, opts.encryptionKey);
    await seedVpsInventory(trx, opts.encryptionKey);
    await seedCustomerHistory(trx, users, now);
    await seedServices(trx, users, now);
    await seedTicketsAndRatings(trx, users, now);
  });
}

import { describe, expect, it } from 'vitest';
import { projectLint } from './project-lint';

// Routes never hold the database (issue 30): a module's index.ts builds its services from the
// handle, and a route file that imports knex (its types included) or server/db/ is a lint error.
// Services and module entries may still take the handle.

const RULE = 'no-restricted-imports';

const ruleIds = projectLint();

const TAKES_KNEX = ["import type { Knex } from 'knex';", 'export const walletRoutes = (deps: { db: Knex }) => deps.db;', ''].join('\n');

const IMPORTS_DB = ["import { createDb } from '../../db/knex';", 'export const walletRoutes = () => createDb;', ''].join('\n');

describe('route files never hold the database handle', () => {
  it('refuses a route file that takes a Knex handle (a type-only import of knex)', async () => {
    expect(await ruleIds('server/modules/wallet/wallet.routes.ts', TAKES_KNEX)).toEqual([RULE]);
  });

  it('refuses a route file, in a staff area too, that imports from server/db/', async () => {
    expect(await ruleIds('server/modules/wallet/wallet.routes.ts', IMPORTS_DB)).toEqual([RULE]);
    expect(await ruleIds('server/modules/staff/logs/staff-logs.routes.ts', IMPORTS_DB.replace('../../db', '../../../db'))).toEqual([RULE]);
  });

  it('still refuses a policy import in a route file (the rule keeps the policies pattern)', async () => {
    const code = ["import { walletPolicy } from '../../policies/wallet.policy';", 'export const p = walletPolicy;', ''].join('\n');
    expect(await ruleIds('server/modules/wallet/wallet.routes.ts', code)).toEqual([RULE]);
  });

  it('lets a service and a module entry take the Knex handle', async () => {
    expect(await ruleIds('server/modules/wallet/wallet.service.ts', TAKES_KNEX)).toEqual([]);
    expect(await ruleIds('server/modules/wallet/index.ts', TAKES_KNEX)).toEqual([]);
  });

  it('lets a route file take a service type from its module', async () => {
    const code = [
      "import type { Wallet } from './wallet.service';",
      'export const walletRoutes = (deps: { wallet: Wallet }) => deps.wallet;',
      '',
    ].join('\n');
    expect(await ruleIds('server/modules/wallet/wallet.routes.ts', code)).toEqual([]);
  });
});

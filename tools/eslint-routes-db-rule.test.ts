import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Routes never hold the database (issue 30): a module's index.ts builds its services from the
// handle, and a route file that imports knex (its types included) or server/db/ is a lint error.
// Services and module entries may still take the handle.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'no-restricted-imports';

let eslint: ESLint;

/** The rules a snippet breaks when it is linted as the file at `filePath`. */
async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

// Loading the parser and plugins takes seconds on a busy machine: once, here, not in the first case.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: join(ROOT, 'eslint.config.js') });
  await eslint.lintText('export {};\n', { filePath: join(ROOT, 'server/probe.ts') });
}, 60_000);

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

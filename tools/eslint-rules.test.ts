import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectLint, ROOT } from './project-lint';

// The architecture rules of eslint.config.js must really fire: each case lints a snippet as if it
// were a file of the tree. Import checks resolve the imported file on disk, so the snippets import
// files that exist, found at run time rather than named here (other work moves files around).

function filesUnder(dir: string, pattern: RegExp): string[] {
  const entries = readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' });
  return entries.filter((entry) => pattern.test(entry) && !entry.endsWith('.test.ts') && !entry.endsWith('.test.tsx')).sort();
}

/** An import specifier from one tree path to another (no extension, as the code writes them). */
function importPath(fromFile: string, toFile: string): string {
  const path = relative(dirname(fromFile), toFile).replace(/\.tsx?$/, '');
  return path.startsWith('.') ? path : `./${path}`;
}

function pick<T>(items: T[], what: string): T {
  const item = items[0];
  if (item === undefined) throw new Error(`no ${what} in the tree to lint against`);
  return item;
}

const ruleIds = projectLint();

describe('routes never import repos', () => {
  const repo = join('server/modules', pick(filesUnder('server/modules', /\.repo\.ts$/), 'repo'));
  const service = join('server/modules', pick(filesUnder('server/modules', /\.service\.ts$/), 'service'));

  it('refuses a route importing a repo', async () => {
    const route = join(dirname(repo), 'probe.routes.ts');
    const code = `import * as repo from '${importPath(route, repo)}';\nexport const uses = repo;\n`;
    expect(await ruleIds(route, code)).toEqual(['boundaries/dependencies']);
  });

  it('lets a route import a service', async () => {
    const route = join(dirname(service), 'probe.routes.ts');
    const code = `import * as service from '${importPath(route, service)}';\nexport const uses = service;\n`;
    expect(await ruleIds(route, code)).toEqual([]);
  });
});

describe('Knex only in repos', () => {
  const code = [
    "import type { Knex } from 'knex';",
    "export const orders = (db: Knex) => db('orders').where({ id: 1 });",
    'export const id = (trx: Knex.Transaction) => trx.fn.uuid();',
    '',
  ].join('\n');

  it('refuses db(table) and trx.fn in a service', async () => {
    expect(await ruleIds('server/modules/orders/probe.service.ts', code)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
  });

  it('lets a repo, a migration and an API test call the query builder', async () => {
    expect(await ruleIds('server/modules/orders/probe.repo.ts', code)).toEqual([]);
    expect(await ruleIds('migrations/20990101000000_probe.ts', code)).toEqual([]);
    expect(await ruleIds('test/api/probe.test.ts', code)).toEqual([]);
  });

  it('lets any file import Knex types', async () => {
    const typesOnly = "import type { Knex } from 'knex';\nexport type Handle = Knex;\n";
    expect(await ruleIds('server/modules/orders/probe.service.ts', typesOnly)).toEqual([]);
  });
});

describe('features never import each other', () => {
  const FEATURES = 'client/src/features';
  const files = filesUnder(FEATURES, /\.tsx?$/).map((file) => join(FEATURES, file));
  const featureOf = (file: string) => relative(FEATURES, file).split('/')[0];
  const one = pick(files, 'feature file');
  const other = pick(
    files.filter((file) => featureOf(file) !== featureOf(one)),
    'second feature',
  );
  const nested = files.filter((file) => relative(FEATURES, file).split('/').length > 2);

  it('refuses a feature importing another feature', async () => {
    const probe = join(FEATURES, featureOf(one) ?? '', 'probe.tsx');
    const code = `import * as other from '${importPath(probe, other)}';\nexport const uses = other;\n`;
    expect(await ruleIds(probe, code)).toEqual(['boundaries/dependencies']);
  });

  it('counts sub-folders of one feature as that feature', async () => {
    const target = pick(nested, 'feature sub-folder');
    // A sibling sub-folder of the same feature, e.g. staff/orders importing staff/billing.
    const probe = join(FEATURES, featureOf(target) ?? '', 'probe-sibling', 'probe.tsx');
    const code = `import * as sibling from '${importPath(probe, target)}';\nexport const uses = sibling;\n`;
    expect(importPath(probe, target)).toMatch(/^\.\.\/[^.]/);
    expect(await ruleIds(probe, code)).toEqual([]);
  });

  it('lets the app import a feature', async () => {
    const probe = 'client/src/app/probe.tsx';
    const code = `export const page = () => import('${importPath(probe, one)}');\n`;
    expect(await ruleIds(probe, code)).toEqual([]);
  });
});

describe('shared imports neither side', () => {
  it('refuses shared/ importing server/', async () => {
    const probe = 'shared/probe.ts';
    const code = `import * as config from '${importPath(probe, 'server/config.ts')}';\nexport const uses = config;\n`;
    expect(await ruleIds(probe, code)).toEqual(['boundaries/dependencies']);
  });
});

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruiseServer, moduleCycles, moduleEdges } from './module-cycles';

// The cycle rules that `npm run lint` runs must really fire: each case cruises a small tree written
// to a temporary folder with the project's dependency-cruiser config, then the real server/.

let fixtures: string;

function write(files: Record<string, string>): string {
  const root = mkdtempSync(join(fixtures, 'tree-'));
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), code);
  }
  return root;
}

const violations = async (root: string) =>
  (await cruiseServer(['server'], root)).summary.violations.map((violation) => violation.rule.name);

beforeAll(() => {
  fixtures = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
});
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

describe('no file cycle in server/', () => {
  it('refuses two files that import each other, even for types only', async () => {
    const root = write({
      'server/modules/auth/auth.service.ts':
        "import type { Sessions } from './sessions.service';\nexport type Context = { s?: Sessions };\n",
      'server/modules/auth/sessions.service.ts':
        "import type { Context } from './auth.service';\nexport type Sessions = { c?: Context };\n",
    });
    expect(await violations(root)).toEqual(['no-circular']);
  });

  it('lets both import a leaf file', async () => {
    const root = write({
      'server/http/request-context.ts': 'export interface RequestContext { ip?: string }\n',
      'server/modules/auth/auth.service.ts':
        "import type { RequestContext } from '../../http/request-context';\nexport type A = RequestContext;\n",
      'server/modules/auth/sessions.service.ts':
        "import type { RequestContext } from '../../http/request-context';\nexport type B = RequestContext;\n",
    });
    expect(await violations(root)).toEqual([]);
  });
});

describe('server/shared/ stays a leaf', () => {
  it('refuses a shared type that imports a module, which would tie every module using it to that one', async () => {
    const root = write({
      'server/modules/invoices/billing-document.ts': 'export interface PeppolId { id: string }\n',
      'server/shared/peppol-ids.ts':
        "import type { PeppolId } from '../modules/invoices/billing-document';\nexport const none: PeppolId | null = null;\n",
    });
    expect(await violations(root)).toEqual(['shared-is-a-leaf']);
  });
});

describe('no cycle between server modules', () => {
  // orders → invoices → checkout → orders through different files: no file cycle, a module cycle.
  const threeModules = {
    'server/modules/orders/order-lifecycle.ts': "import { issue } from '../invoices/document-issuer';\nexport const lifecycle = issue;\n",
    'server/modules/orders/orders.repo.ts': 'export const lockOrder = 1;\n',
    'server/modules/invoices/document-issuer.ts':
      "import type { BankAccount } from '../checkout/bank';\nexport const issue = (b?: BankAccount) => b;\n",
    'server/modules/checkout/bank.ts':
      "import { lockOrder } from '../orders/orders.repo';\nexport type BankAccount = { iban: string; n: typeof lockOrder };\n",
  };

  it('refuses modules that import each other through different files', async () => {
    const root = write(threeModules);
    const cycles = moduleCycles(moduleEdges(await cruiseServer(['server'], root)));
    expect(cycles.map((cycle) => cycle.map((edge) => `${edge.from} -> ${edge.to}`).sort())).toEqual([
      ['checkout -> orders', 'invoices -> checkout', 'orders -> invoices'],
    ]);
    expect(await violations(root)).toEqual([]);
  });

  it('lets the orders module own the port that invoices implements', async () => {
    const root = write({
      ...threeModules,
      'server/modules/orders/ports/document-issuer.ts': 'export interface DocumentIssuer { issue(): void }\n',
      'server/modules/orders/order-lifecycle.ts':
        "import type { DocumentIssuer } from './ports/document-issuer';\nexport const lifecycle = (d: DocumentIssuer) => d;\n",
      'server/modules/invoices/document-issuer.ts':
        "import type { DocumentIssuer } from '../orders/ports/document-issuer';\nexport const issue: DocumentIssuer = { issue() {} };\n",
    });
    expect(moduleCycles(moduleEdges(await cruiseServer(['server'], root)))).toEqual([]);
  });

  it('counts a sub-folder as part of its module', async () => {
    const root = write({
      'server/modules/staff/users/staff-users.errors.ts': "import { codes } from '../../two-factor/codes';\nexport const e = codes;\n",
      'server/modules/two-factor/codes.ts': 'export const codes = 1;\n',
      'server/modules/two-factor/second-factor.routes.ts': "import { e } from '../staff/users/staff-users.errors';\nexport const r = e;\n",
    });
    const cycles = moduleCycles(moduleEdges(await cruiseServer(['server'], root)));
    expect(cycles.map((cycle) => cycle.map((edge) => `${edge.from} -> ${edge.to}`).sort())).toEqual([
      ['staff -> two-factor', 'two-factor -> staff'],
    ]);
  });
});

describe('the real server/', () => {
  it('has no file cycle and no module cycle', async () => {
    const result = await cruiseServer(['server']);
    expect(result.summary.violations).toEqual([]);
    expect(moduleCycles(moduleEdges(result))).toEqual([]);
  });
});

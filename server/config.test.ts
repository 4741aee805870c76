import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './config';
import { DEMO_SELLER } from './seller-config';

const PRODUCTION_SECRETS = {
  DATABASE_URL: 'postgres://shop@db/shop',
  JWT_SECRET: 'x'.repeat(32),
  ENCRYPTION_KEY: 'ab'.repeat(32),
  SHOP_IBAN: 'BE68 5390 0754 7034',
  SHOP_BIC: 'GKCCBEBB',
};

/** A registered company (a well-formed number, not the demo's). */
const REGISTERED_SELLER = {
  SELLER_NAME: 'Nordhost SRL',
  SELLER_LEGAL_FORM: 'srl',
  SELLER_ADDRESS: 'Rue Royale 1, 1000 Bruxelles',
  SELLER_VAT_NUMBER: 'BE0456789034',
  SELLER_EMAIL: 'facturation@nordhost.be',
  SELLER_HOSTING_NAME: 'OVH SAS',
  SELLER_HOSTING_ADDRESS: '2 rue Kellermann, 59100 Roubaix, France',
};

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('configuration', () => {
  it('takes METRICS_TOKEN for GET /metrics and refuses a short one, naming it', () => {
    expect(parseConfig({}).metricsToken).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: ' long-enough-metrics-token ' }).metricsToken).toBe('long-enough-metrics-token');
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN: must be at least 16 characters']);
  });

  it('gives the documented defaults when nothing is set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: './.data',
      redisUrl: undefined,
      stripe: undefined,
      discord: undefined,
      seedDemo: true,
      paymentsSandbox: true,
    });
    expect(config.embeddedPgPort).not.toBe(5432);
  });

  it('stops with a message naming each wrong variable', () => {
    const problems = problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', ENCRYPTION_KEY: 'short' });
    expect(problems.join('\n')).toMatch(/^PORT: /m);
    expect(problems.join('\n')).toMatch(/^DATABASE_URL: must be a postgres:\/\/ URL/m);
    expect(problems.join('\n')).toMatch(/^ENCRYPTION_KEY: /m);
  });

  it('says the support team answers in French unless SUPPORT_LANGUAGES lists the shop languages it speaks', () => {
    expect(parseConfig({}).supportLanguages).toEqual(['fr']);
    expect(parseConfig({ SUPPORT_LANGUAGES: 'fr, EN,fr' }).supportLanguages).toEqual(['fr', 'en']);
    expect(() => parseConfig({ SUPPORT_LANGUAGES: 'fr,de' })).toThrow(/SUPPORT_LANGUAGES/);
    expect(() => parseConfig({ SUPPORT_LANGUAGES: ' , ' })).toThrow(/SUPPORT_LANGUAGES/);
  });

  it('reserves a bank-transfer order 5 days unless BANK_TRANSFER_RESERVATION_DAYS says otherwise (1 to 60)', () => {
    expect(parseConfig({}).bankTransferReservationDays).toBe(5);
    expect(parseConfig({ BANK_TRANSFER_RESERVATION_DAYS: '10' }).bankTransferReservationDays).toBe(10);
    for (const wrong of ['0', '61', '2.5', 'week']) {
      expect(problemsOf({ BANK_TRANSFER_RESERVATION_DAYS: wrong })[0]).toMatch(/^BANK_TRANSFER_RESERVATION_DAYS: /);
    }
  });

  it("keeps the sandbox cloud's own timings unless SANDBOX_VPS_SECONDS (1 s to a day) slows it", () => {
    expect(parseConfig({}).sandboxVpsMs).toBeUndefined();
    expect(parseConfig({ SANDBOX_VPS_SECONDS: '600' }).sandboxVpsMs).toBe(600_000);
    for (const wrong of ['0', '86401', '1.5', 'slow']) {
      expect(problemsOf({ SANDBOX_VPS_SECONDS: wrong })[0]).toMatch(/^SANDBOX_VPS_SECONDS: /);
    }
  });

  it('sends e-invoices through the sandbox without an e-invoice.be key, through e-invoice.be with one', () => {
    expect(parseConfig({}).peppol).toEqual({ accessPoint: 'sandbox' });
    expect(parseConfig({ E_INVOICE_API_KEY: 'einv_live_1', E_INVOICE_API_BASE: 'https://api.e-invoice.test' }).peppol).toEqual({
      accessPoint: 'e-invoice',
      apiKey: 'einv_live_1',
      apiBase: 'https://api.e-invoice.test',
    });
    expect(parseConfig({ PEPPOL_ACCESS_POINT: 'sandbox', E_INVOICE_API_KEY: 'einv_live_1' }).peppol).toEqual({ accessPoint: 'sandbox' });
    expect(problemsOf({ PEPPOL_ACCESS_POINT: 'e-invoice' })).toEqual(['E_INVOICE_API_KEY: required when PEPPOL_ACCESS_POINT=e-invoice']);
    expect(problemsOf({ PEPPOL_ACCESS_POINT: 'storecove' })[0]).toMatch(/^PEPPOL_ACCESS_POINT: /);
    expect(problemsOf({ E_INVOICE_API_KEY: 'k', E_INVOICE_API_BASE: 'not a url' })[0]).toMatch(/^E_INVOICE_API_BASE: must be a URL/);
  });

  it('delivers game servers on the panel named by PTERODACTYL_URL with an application key, on the sandbox panel without', () => {
    expect(parseConfig({}).pterodactyl).toBeUndefined();
    const key = `ptla_${'k'.repeat(43)}`;
    expect(parseConfig({ PTERODACTYL_URL: 'https://panel.example.com', PTERODACTYL_APPLICATION_KEY: key }).pterodactyl).toEqual({
      url: 'https://panel.example.com',
      applicationKey: key,
      flavour: 'pterodactyl',
    });
    const pelican = { PTERODACTYL_URL: 'https://panel.example.com', PTERODACTYL_FLAVOUR: 'pelican' };
    expect(parseConfig({ ...pelican, PTERODACTYL_APPLICATION_KEY: `peli_${'k'.repeat(43)}` }).pterodactyl?.flavour).toBe('pelican');
    // A panel moved from Pterodactyl to Pelican keeps its keys.
    expect(parseConfig({ ...pelican, PTERODACTYL_APPLICATION_KEY: key }).pterodactyl?.applicationKey).toBe(key);

    expect(problemsOf({ PTERODACTYL_URL: 'https://panel.example.com' })).toEqual([
      'PTERODACTYL_APPLICATION_KEY: required when PTERODACTYL_URL is set (Pterodactyl)',
    ]);
    expect(problemsOf({ PTERODACTYL_URL: 'panel.example.com', PTERODACTYL_APPLICATION_KEY: key })[0]).toMatch(
      /^PTERODACTYL_URL: must be the panel's http\(s\) address/,
    );
    expect(problemsOf({ PTERODACTYL_FLAVOUR: 'wings' })[0]).toMatch(/^PTERODACTYL_FLAVOUR: /);
  });

  it('says which key the panel needs: an application key, not a client key nor one of the other flavour', () => {
    const url = { PTERODACTYL_URL: 'https://panel.example.com' };
    const client = `ptlc_${'c'.repeat(43)}`;
    const problems = problemsOf({ ...url, PTERODACTYL_APPLICATION_KEY: client });
    expect(problems).toEqual([
      "PTERODACTYL_APPLICATION_KEY: a client (account) key: the panel's application API needs an application key (ptla_…), made in its admin area under Application API",
    ]);
    expect(problems.join()).not.toContain(client);
    expect(problemsOf({ ...url, PTERODACTYL_APPLICATION_KEY: `peli_${'k'.repeat(43)}` })).toEqual([
      'PTERODACTYL_APPLICATION_KEY: must be an application key starting with ptla_ (PTERODACTYL_FLAVOUR=pterodactyl)',
    ]);
    expect(problemsOf({ ...url, PTERODACTYL_FLAVOUR: 'pelican', PTERODACTYL_APPLICATION_KEY: 'secret' })).toEqual([
      'PTERODACTYL_APPLICATION_KEY: must be an application key starting with peli_ or ptla_ (PTERODACTYL_FLAVOUR=pelican)',
    ]);
  });

  it('refuses the system Postgres port for the embedded database', () => {
    expect(problemsOf({ EMBEDDED_PG_PORT: '5432' })[0]).toMatch(/^EMBEDDED_PG_PORT: must not be 5432/);
  });

  it('asks for the rest of a provider group when one key is set', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual([
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (Stripe)',
    ]);
    const config = parseConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiBase: undefined });
  });

  it('takes a client key for the customer panel, required in production beside a live panel', () => {
    const live = { PTERODACTYL_URL: 'https://panel.example.com', PTERODACTYL_APPLICATION_KEY: `ptla_${'k'.repeat(43)}` };
    const clientKey = `ptlc_${'c'.repeat(43)}`;
    expect(parseConfig({ ...live, PTERODACTYL_CLIENT_KEY: clientKey }).pterodactyl?.clientKey).toBe(clientKey);
    expect(problemsOf({ ...live, PTERODACTYL_CLIENT_KEY: live.PTERODACTYL_APPLICATION_KEY })).toEqual([
      "PTERODACTYL_CLIENT_KEY: must be a client (account) key starting with ptlc_ (Pelican plcn_), made under the panel administrator's Account > API Credentials",
    ]);
    expect(problemsOf({ PTERODACTYL_CLIENT_KEY: clientKey })).toEqual([
      'PTERODACTYL_CLIENT_KEY: needs PTERODACTYL_URL and PTERODACTYL_APPLICATION_KEY',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', ...live })).toContain(
      "PTERODACTYL_CLIENT_KEY: required when NODE_ENV=production and PTERODACTYL_URL is set (the customer panel's console, files and backups)",
    );
  });

  it('requires the database, both secrets and the bank account in production, and seeds nothing there unless asked', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      'DATABASE_URL: required when NODE_ENV=production',
      'JWT_SECRET: required when NODE_ENV=production',
      'ENCRYPTION_KEY: required when NODE_ENV=production',
      'SHOP_IBAN: required when NODE_ENV=production',
      'SHOP_BIC: required when NODE_ENV=production',
      'SELLER_NAME: required when NODE_ENV=production',
      'SELLER_LEGAL_FORM: required when NODE_ENV=production',
      'SELLER_ADDRESS: required when NODE_ENV=production',
      'SELLER_VAT_NUMBER: required when NODE_ENV=production',
      'SELLER_EMAIL: required when NODE_ENV=production',
      'SELLER_HOSTING_NAME: required when NODE_ENV=production',
      'SELLER_HOSTING_ADDRESS: required when NODE_ENV=production',
    ]);
    const production = { NODE_ENV: 'production', ...PRODUCTION_SECRETS, ...REGISTERED_SELLER };
    expect(parseConfig(production).seedDemo).toBe(false);
    expect(parseConfig({ ...production, SEED_DEMO: '1' }).seedDemo).toBe(true);
    // Nobody pays on the sandbox page of a production shop unless it is a demo that asks for it.
    expect(parseConfig(production).paymentsSandbox).toBe(false);
    expect(parseConfig({ ...production, PAYMENTS_SANDBOX: '1' }).paymentsSandbox).toBe(true);
  });

  it('prints the registered seller everywhere from the SELLER_* settings, the enterprise number taken from the Belgian VAT number', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      ...PRODUCTION_SECRETS,
      ...REGISTERED_SELLER,
      SELLER_VAT_NUMBER: 'be 0456.789.034',
    });
    expect(config.seller).toEqual({
      name: 'Nordhost SRL',
      legalForm: 'srl',
      address: 'Rue Royale 1, 1000 Bruxelles',
      country: 'BE',
      enterpriseNumber: '0456.789.034',
      vatNumber: 'BE0456789034',
      email: 'facturation@nordhost.be',
      phone: null,
      hosting: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix, France' },
    });
  });

  it('refuses to start in production with the demo company, naming each setting that still holds it', () => {
    const demo = {
      ...REGISTERED_SELLER,
      SELLER_VAT_NUMBER: DEMO_SELLER.vatNumber,
      SELLER_ADDRESS: DEMO_SELLER.address,
      SELLER_EMAIL: DEMO_SELLER.email,
      SELLER_PHONE: DEMO_SELLER.phone!,
    };
    expect(problemsOf({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, ...demo })).toEqual([
      "SELLER_VAT_NUMBER: is the demo company's; set the registered company's when NODE_ENV=production",
      "SELLER_ADDRESS: is the demo company's; set the registered company's when NODE_ENV=production",
      "SELLER_EMAIL: is the demo company's; set the registered company's when NODE_ENV=production",
      "SELLER_PHONE: is the demo company's; set the registered company's when NODE_ENV=production",
    ]);
    // The error a production start prints names them.
    expect(() => parseConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, ...demo })).toThrow(
      /SELLER_VAT_NUMBER: is the demo company's/,
    );
    // Outside production the demo company stands in, whole: one identity on every page and document.
    expect(parseConfig({}).seller).toEqual(DEMO_SELLER);
  });

  it("refuses a seller number that fails its check digits, or an enterprise number that is not the VAT number's", () => {
    expect(problemsOf({ SELLER_VAT_NUMBER: 'BE0123456789' })).toEqual([
      'SELLER_VAT_NUMBER: not a Belgian VAT number (BE, then 10 digits whose last two are the check digits)',
    ]);
    expect(problemsOf({ SELLER_VAT_NUMBER: 'BE0456789034', SELLER_ENTERPRISE_NUMBER: '0123.456.749' })).toEqual([
      'SELLER_ENTERPRISE_NUMBER: differs from the one in SELLER_VAT_NUMBER',
    ]);
    expect(problemsOf({ SELLER_LEGAL_FORM: 'gmbh' })[0]).toMatch(/^SELLER_LEGAL_FORM: must be one of srl, sa/);
  });

  it('refuses a bank account that banks would refuse, and keeps the IBAN in electronic format', () => {
    expect(problemsOf({ SHOP_IBAN: 'BE68 5390 0754 7035', SHOP_BIC: 'NOT A BIC' })).toEqual([
      'SHOP_IBAN: not a valid IBAN',
      'SHOP_BIC: not a valid BIC',
    ]);
    expect(parseConfig({ SHOP_IBAN: 'be68 5390 0754 7034', SHOP_BIC: 'gkccbebb' }).bank).toEqual({
      iban: 'BE68539007547034',
      bic: 'GKCCBEBB',
      accountHolder: 'HubHost SRL',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', REDIS_URL: '  ' }).databaseUrl).toBeUndefined();
  });

  it('generates development secrets once, keeps them in DATA_DIR, and never writes given ones', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.encryptionKey).toBe(first.encryptionKey);

    const given = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'given-secret-given-secret-given-secret' });
    expect(given.jwtSecret).toBe('given-secret-given-secret-given-secret');
    expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).not.toContain('given-secret');
  });

  it('bounds the SMTP conversation: 10 s to connect and be greeted, 60 s a mail, both settable', () => {
    expect(parseConfig({}).mail.timeouts).toEqual({ connectMs: 10_000, sendMs: 60_000 });
    const set = parseConfig({ SMTP_CONNECT_TIMEOUT_MS: '5000', SMTP_SEND_TIMEOUT_MS: '20000' });
    expect(set.mail.timeouts).toEqual({ connectMs: 5_000, sendMs: 20_000 });
    expect(problemsOf({ SMTP_SEND_TIMEOUT_MS: '900000' })).toEqual([expect.stringMatching(/^SMTP_SEND_TIMEOUT_MS: /)]);
    expect(problemsOf({ SMTP_CONNECT_TIMEOUT_MS: '30000', SMTP_SEND_TIMEOUT_MS: '20000' })).toEqual([
      'SMTP_CONNECT_TIMEOUT_MS: must not exceed SMTP_SEND_TIMEOUT_MS',
    ]);
  });

  it('migrates at start unless MIGRATE_ON_START=0 (the manifests run the migrations apart)', () => {
    expect(parseConfig({}).migrateOnStart).toBe(true);
    expect(parseConfig({ MIGRATE_ON_START: '1' }).migrateOnStart).toBe(true);
    expect(parseConfig({ MIGRATE_ON_START: '0' }).migrateOnStart).toBe(false);
    expect(problemsOf({ MIGRATE_ON_START: 'no' })).toEqual([expect.stringMatching(/^MIGRATE_ON_START: /)]);
  });
});

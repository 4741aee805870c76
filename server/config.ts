import { z } from 'zod';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { resolveDevSecrets } from './dev-secrets';
import { DEFAULT_VIES_URL } from './providers/vat/vies';
import { DEFAULT_SMTP_TIMEOUTS } from './providers/mail/smtp';
import { DEFAULT_TRUST_PROXY, parseTrustProxy } from './http/trust-proxy';
import { DEFAULT_PASSWORD_WORK } from './security/passwords';
import { DEFAULT_BANK_TRANSFER_RESERVATION_DAYS } from './modules/orders/reservation';
import type { PeppolConfig } from './providers/peppol/index';
import { OVH_SUBSIDIARIES } from './providers/cloud/ordering-types';
import { LEGAL_FORMS } from '../shared/schemas/seller';
import { sellerIdentityOf, sellerProblems, SELLER_REQUIRED_IN_PRODUCTION } from './seller-config';
import { LANGUAGES } from '../shared/i18n/languages';
import { DEFAULT_SUPPORT_LANGUAGES, parseSupportLanguages } from '../shared/site/support-languages';

// The only reader of process.env (DESIGN.md §2). A wrong value stops start-up with a message naming it.

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const optionalUrl = optionalText.pipe(z.url({ message: 'must be a URL' }).optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  EMBEDDED_PG_PORT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(65535)
    .refine((p) => p !== 5432, 'must not be 5432 (a system Postgres may listen there)')
    .default(54329),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('HubHost <no-reply@localhost>'),
  // Connect + greeting, and one whole mail's delivery; a mail sender's claim outlasts the latter.
  SMTP_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(DEFAULT_SMTP_TIMEOUTS.connectMs),
  SMTP_SEND_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(DEFAULT_SMTP_TIMEOUTS.sendMs),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalUrl,
  MOLLIE_API_KEY: optionalText,
  MOLLIE_API_BASE: optionalUrl,
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_API_BASE: optionalUrl,
  PAYPAL_WEBHOOK_ID: optionalText,
  SHOP_IBAN: optionalText,
  SHOP_BIC: optionalText,
  SHOP_ACCOUNT_HOLDER: optionalText,
  // The languages the support team answers in, as the pages say it ("fr,en"); French alone when unset.
  SUPPORT_LANGUAGES: optionalText.transform((value, ctx) => {
    if (value === undefined) return [...DEFAULT_SUPPORT_LANGUAGES];
    const parsed = parseSupportLanguages(value);
    if (parsed) return parsed;
    ctx.addIssue({ code: 'custom', message: `must list shop languages separated by commas (${LANGUAGES.join(', ')}), e.g. fr,en` });
    return z.NEVER;
  }),
  // Who sells (README "The seller"): the legal pages, invoices and mails print it; required in production.
  SELLER_NAME: optionalText,
  SELLER_LEGAL_FORM: optionalText.pipe(z.enum(LEGAL_FORMS, { message: `must be one of ${LEGAL_FORMS.join(', ')}` }).optional()),
  SELLER_ADDRESS: optionalText,
  SELLER_ENTERPRISE_NUMBER: optionalText,
  SELLER_VAT_NUMBER: optionalText,
  SELLER_EMAIL: optionalText.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
  SELLER_PHONE: optionalText,
  SELLER_HOSTING_NAME: optionalText,
  SELLER_HOSTING_ADDRESS: optionalText,
  OVH_ENDPOINT: optionalText,
  OVH_APP_KEY: optionalText,
  OVH_APP_SECRET: optionalText,
  OVH_CONSUMER_KEY: optionalText,
  // Order a VPS at OVH when the inventory has none for a paid order: the sandbox without OVH keys,
  // real orders (money, under each product's cost limit) with them, only when set to 1.
  OVH_AUTO_ORDER: z.enum(['0', '1']).optional(),
  // Where OVH bills those orders (nichandle.OvhSubsidiaryEnum).
  OVH_SUBSIDIARY: z.enum(OVH_SUBSIDIARIES).default('FR'),
  // Without OVH keys: how long the sandbox cloud takes to start, stop, reboot or reinstall a machine
  // and to deliver one it ordered (its own 4, 8 and 6 s unless set), to show or test a slow delivery.
  SANDBOX_VPS_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  // The game panel game servers are delivered on (README "Game servers"): without both, the sandbox panel.
  PTERODACTYL_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/]/, "must be the panel's http(s) address, e.g. https://panel.example.com")
      .optional(),
  ),
  PTERODACTYL_APPLICATION_KEY: optionalText,
  // A client (account) key of a panel administrator, for the customer panel's console, power,
  // files and backups (the client API): `ptlc_…` (Pelican `plcn_…`).
  PTERODACTYL_CLIENT_KEY: optionalText,
  PTERODACTYL_FLAVOUR: z.enum(['pterodactyl', 'pelican']).default('pterodactyl'),
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  DISCORD_API_BASE: optionalUrl,
  VIES_URL: optionalUrl,
  // OSS: EU consumers pay their own state's VAT; 'off' only for a seller under the EU threshold (10,000 euros a year).
  VAT_OSS: z.enum(['on', 'off']).default('on'),
  // The official e-invoice rules (UBL 2.1 schemas, CEN EN 16931 and Peppol BIS 3.0 XSLT): README "E-invoices".
  EINVOICE_RULES_DIR: optionalText,
  // The Peppol access point Belgian B2B documents leave through (README "E-invoices (Peppol)"):
  // e-invoice.be when its key is set, the local sandbox otherwise.
  PEPPOL_ACCESS_POINT: z.enum(['sandbox', 'e-invoice']).optional(),
  E_INVOICE_API_KEY: optionalText,
  E_INVOICE_API_BASE: optionalUrl,
  SEED_DEMO: z.enum(['0', '1']).optional(),
  // 0: the migrations run apart (a Kubernetes Job, a compose one-shot service), never at an instance's start.
  MIGRATE_ON_START: z.enum(['0', '1']).default('1'),
  PAYMENTS_SANDBOX: z.enum(['0', '1']).optional(),
  BANK_TRANSFER_RESERVATION_DAYS: z.coerce.number().int().min(1).max(60).default(DEFAULT_BANK_TRANSFER_RESERVATION_DAYS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalText.transform((value, ctx) => {
    const parsed = value === undefined ? DEFAULT_TRUST_PROXY : parseTrustProxy(value);
    if (typeof parsed !== 'object' || Array.isArray(parsed)) return parsed;
    ctx.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  }),
  PASSWORD_WORK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(DEFAULT_PASSWORD_WORK.concurrency),
  PASSWORD_WORK_QUEUE: z.coerce.number().int().min(0).max(1000).default(DEFAULT_PASSWORD_WORK.queue),
  // The bearer token Prometheus sends to GET /metrics; unset, /metrics answers 401 to everyone.
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
});

type Env = z.infer<typeof envSchema>;

const DEMO_BANK = { iban: 'BE71096123456769', bic: 'GKCCBEBB', accountHolder: 'HubHost SRL' };

/** Variables that only make sense together: setting one of a group means setting all of it. */
const GROUPS: Record<string, (keyof Env)[]> = {
  Stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  Mollie: ['MOLLIE_API_KEY'],
  PayPal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
  OVH: ['OVH_ENDPOINT', 'OVH_APP_KEY', 'OVH_APP_SECRET', 'OVH_CONSUMER_KEY'],
  Pterodactyl: ['PTERODACTYL_URL', 'PTERODACTYL_APPLICATION_KEY'],
  Discord: ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET'],
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig(raw: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];
  for (const [name, keys] of Object.entries(GROUPS)) {
    const set = keys.filter((k) => env[k] !== undefined);
    if (set.length > 0 && set.length < keys.length) {
      const missing = keys.filter((k) => env[k] === undefined);
      problems.push(`${missing.join(', ')}: required when ${set.join(', ')} is set (${name})`);
    }
  }
  const production = env.NODE_ENV === 'production';
  if (production) {
    for (const key of [
      'DATABASE_URL',
      'JWT_SECRET',
      'ENCRYPTION_KEY',
      'SHOP_IBAN',
      'SHOP_BIC',
      ...SELLER_REQUIRED_IN_PRODUCTION,
    ] as const) {
      if (!env[key]) problems.push(`${key}: required when NODE_ENV=production`);
    }
  }
  problems.push(...sellerProblems(env, production));
  if (env.SHOP_IBAN && !isValidIBAN(electronicFormatIBAN(env.SHOP_IBAN) ?? '')) problems.push('SHOP_IBAN: not a valid IBAN');
  if (env.SHOP_BIC && !isValidBIC(env.SHOP_BIC.replace(/\s/g, ''))) problems.push('SHOP_BIC: not a valid BIC');
  if (env.PEPPOL_ACCESS_POINT === 'e-invoice' && !env.E_INVOICE_API_KEY)
    problems.push('E_INVOICE_API_KEY: required when PEPPOL_ACCESS_POINT=e-invoice');
  if (production && env.OVH_AUTO_ORDER === '1' && !env.OVH_ENDPOINT && env.SEED_DEMO !== '1')
    problems.push('OVH_AUTO_ORDER: needs the OVH keys when NODE_ENV=production (the sandbox would deliver imaginary machines)');
  const panelKeyProblem = applicationKeyProblem(env);
  if (panelKeyProblem) problems.push(`PTERODACTYL_APPLICATION_KEY: ${panelKeyProblem}`);
  if (production && env.PTERODACTYL_URL && !env.PTERODACTYL_CLIENT_KEY)
    problems.push(
      "PTERODACTYL_CLIENT_KEY: required when NODE_ENV=production and PTERODACTYL_URL is set (the customer panel's console, files and backups)",
    );
  const clientKeyProblem = panelClientKeyProblem(env);
  if (clientKeyProblem) problems.push(`PTERODACTYL_CLIENT_KEY: ${clientKeyProblem}`);
  if (env.SMTP_CONNECT_TIMEOUT_MS > env.SMTP_SEND_TIMEOUT_MS)
    problems.push('SMTP_CONNECT_TIMEOUT_MS: must not exceed SMTP_SEND_TIMEOUT_MS');
  if (problems.length) throw new ConfigError(problems);
  return toConfig(env);
}

function toConfig(env: Env) {
  const production = env.NODE_ENV === 'production';
  return {
    env: env.NODE_ENV,
    production,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    redisUrl: env.REDIS_URL,
    jwtSecret: env.JWT_SECRET,
    encryptionKey: env.ENCRYPTION_KEY,
    logLevel: env.LOG_LEVEL,
    // Who may name the client's address in X-Forwarded-For (per-address limits count on it).
    trustProxy: env.TRUST_PROXY,
    // argon2 runs at once and waiting; more is answered 503 busy at once.
    passwordWork: { concurrency: env.PASSWORD_WORK_CONCURRENCY, queue: env.PASSWORD_WORK_QUEUE },
    // GET /metrics answers only this bearer token (never logged); without it, nobody.
    metricsToken: env.METRICS_TOKEN,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      timeouts: { connectMs: env.SMTP_CONNECT_TIMEOUT_MS, sendMs: env.SMTP_SEND_TIMEOUT_MS },
    },
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, apiBase: env.STRIPE_API_BASE }
      : undefined,
    mollie: env.MOLLIE_API_KEY ? { apiKey: env.MOLLIE_API_KEY, apiBase: env.MOLLIE_API_BASE } : undefined,
    paypal: env.PAYPAL_CLIENT_ID
      ? {
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET!,
          webhookId: env.PAYPAL_WEBHOOK_ID!,
          apiBase: env.PAYPAL_API_BASE,
        }
      : undefined,
    // The account bank transfers are paid to; the demo account outside production.
    bank: {
      iban: electronicFormatIBAN(env.SHOP_IBAN ?? DEMO_BANK.iban) ?? DEMO_BANK.iban,
      bic: (env.SHOP_BIC ?? DEMO_BANK.bic).replace(/\s/g, '').toUpperCase(),
      accountHolder: env.SHOP_ACCOUNT_HOLDER ?? DEMO_BANK.accountHolder,
    },
    ovh: env.OVH_ENDPOINT
      ? {
          endpoint: env.OVH_ENDPOINT,
          appKey: env.OVH_APP_KEY!,
          appSecret: env.OVH_APP_SECRET!,
          consumerKey: env.OVH_CONSUMER_KEY!,
        }
      : undefined,
    // Order VPS at OVH when the inventory runs out: asked with OVH_AUTO_ORDER=1; on by default only
    // where nothing can be bought (no OVH keys, outside production: the ordering sandbox).
    ovhAutoOrder: env.OVH_AUTO_ORDER === '1' || (!production && !env.OVH_ENDPOINT && env.OVH_AUTO_ORDER !== '0'),
    ovhSubsidiary: env.OVH_SUBSIDIARY,
    ...(env.SANDBOX_VPS_SECONDS !== undefined ? { sandboxVpsMs: env.SANDBOX_VPS_SECONDS * 1000 } : {}),
    // Game servers: Pterodactyl's (or Pelican's) application API with its key; the sandbox panel without.
    pterodactyl:
      env.PTERODACTYL_URL && env.PTERODACTYL_APPLICATION_KEY
        ? {
            url: env.PTERODACTYL_URL,
            applicationKey: env.PTERODACTYL_APPLICATION_KEY,
            flavour: env.PTERODACTYL_FLAVOUR,
            ...(env.PTERODACTYL_CLIENT_KEY ? { clientKey: env.PTERODACTYL_CLIENT_KEY } : {}),
          }
        : undefined,
    discord: env.DISCORD_CLIENT_ID
      ? { clientId: env.DISCORD_CLIENT_ID, clientSecret: env.DISCORD_CLIENT_SECRET!, apiBase: env.DISCORD_API_BASE }
      : undefined,
    supportLanguages: env.SUPPORT_LANGUAGES,
    // Who sells: the demo's fictional company outside production (a production start refuses it).
    seller: sellerIdentityOf(env),
    // EU VAT numbers: VIES (always in production), the offline sandbox checker in development without VIES_URL.
    viesUrl: env.VIES_URL ?? (production ? DEFAULT_VIES_URL : undefined),
    // Whether EU consumers are taxed at their own state's rate (OSS, the default) or at the seller's.
    ossApplies: env.VAT_OSS === 'on',
    // Where the official e-invoice rules are; without it documents are issued unchecked (README).
    einvoiceRulesDir: env.EINVOICE_RULES_DIR,
    // Where Belgian B2B e-invoices leave: e-invoice.be (its key), or the sandbox that keeps them here.
    peppol: peppolOf(env),
    // The local payment page for providers without keys: never in production unless asked (a demo).
    paymentsSandbox: env.PAYMENTS_SANDBOX === '1' || (!production && env.PAYMENTS_SANDBOX !== '0'),
    // How long an unpaid bank-transfer order keeps its stock before it is cancelled.
    bankTransferReservationDays: env.BANK_TRANSFER_RESERVATION_DAYS,
    // Demo data: always in development, never in production unless SEED_DEMO=1.
    seedDemo: env.SEED_DEMO === '1' || (!production && env.SEED_DEMO !== '0'),
    // Migrate before serving (one instance, `docker run`); with several, a single migration run does it.
    migrateOnStart: env.MIGRATE_ON_START === '1',
  };
}

/**
 * The panel's application API takes only an application key (Pterodactyl `ptla_`, Pelican `peli_`):
 * a client key (`ptlc_`, `plcn_`) is refused on every call, so say it at start-up.
 */
function applicationKeyProblem(env: Env): string | undefined {
  const key = env.PTERODACTYL_APPLICATION_KEY;
  if (key === undefined) return undefined;
  // A panel moved from Pterodactyl to Pelican keeps its ptla_ keys.
  const prefixes = env.PTERODACTYL_FLAVOUR === 'pelican' ? ['peli_', 'ptla_'] : ['ptla_'];
  const wanted = prefixes.join(' or ');
  if (/^(ptlc|plcn)_/.test(key))
    return `a client (account) key: the panel's application API needs an application key (${wanted}…), made in its admin area under Application API`;
  if (!prefixes.some((prefix) => key.startsWith(prefix)) || /\s/.test(key))
    return `must be an application key starting with ${wanted} (PTERODACTYL_FLAVOUR=${env.PTERODACTYL_FLAVOUR})`;
  return undefined;
}

/** The client API takes only a client (account) key: an application key is refused there. */
function panelClientKeyProblem(env: Env): string | undefined {
  const key = env.PTERODACTYL_CLIENT_KEY;
  if (key === undefined) return undefined;
  if (!env.PTERODACTYL_URL) return 'needs PTERODACTYL_URL and PTERODACTYL_APPLICATION_KEY';
  if (!/^(ptlc|plcn)_\S+$/.test(key))
    return "must be a client (account) key starting with ptlc_ (Pelican plcn_), made under the panel administrator's Account > API Credentials";
  return undefined;
}

/** PEPPOL_ACCESS_POINT names it; unset, e-invoice.be when its key is set, the sandbox otherwise. */
function peppolOf(env: Env): PeppolConfig {
  const accessPoint = env.PEPPOL_ACCESS_POINT ?? (env.E_INVOICE_API_KEY ? 'e-invoice' : 'sandbox');
  if (accessPoint === 'sandbox' || !env.E_INVOICE_API_KEY) return { accessPoint: 'sandbox' };
  return { accessPoint, apiKey: env.E_INVOICE_API_KEY, apiBase: env.E_INVOICE_API_BASE };
}

export type Config = ReturnType<typeof parseConfig>;
export type ReadyConfig = Config & { jwtSecret: string; encryptionKey: string };

/** Reads process.env once; in development, missing secrets are generated and kept in DATA_DIR. */
export function loadConfig(raw: Record<string, string | undefined> = process.env): ReadyConfig {
  const config = parseConfig(raw);
  return { ...config, ...resolveDevSecrets(config) };
}

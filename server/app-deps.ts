import type { Language } from '../shared/i18n/languages';
import type { Knex } from 'knex';
import type { SellerIdentity } from '../shared/schemas/seller';
import type { Logger } from 'pino';
import type { PageRenderer } from './http/public-site/page-renderer';
import { type TrustProxy } from './http/trust-proxy';
import { type RateLimitStoreFactory } from './http/rate-limit-store';
import { type Mailer } from './modules/mail/mail.service';
import { type JobQueue } from './jobs/job-queue';
import { type DocumentRenderers } from './modules/einvoice/document-renderer.factory';
import type { BankAccount } from './shared/bank-account';
import type { RecurringAdapters } from './modules/saved-methods/saved-methods.service';
import type { ProviderSetupCheck } from './modules/payments/provider-setup';
import { type PaymentAdapters, type PaymentsConfig } from './providers/payments/index';
import type { CloudAdapter } from './providers/cloud/types';
import type { GamePanelAdapter } from './providers/game-panel/types';
import type { GamePanelConfig } from './providers/game-panel/index';
import type { GameConsolePanel } from './providers/game-panel/client-api/index';
import { type VatChecker } from './providers/vat/index';
import { type Clock } from './clock/clock';

/** The part of the configuration the HTTP app reads (server/config.ts builds it from the env). */
export interface AppConfig {
  jwtSecret: string;
  /** Links in mails and OAuth return URLs, without a trailing slash. */
  publicUrl: string;
  /** Discord login is offered only when its keys are set. */
  discord?: { clientId: string; clientSecret: string; apiBase?: string };
  /** Providers whose keys are set; the others use the sandbox payment page. */
  stripe?: PaymentsConfig['stripe'];
  paypal?: PaymentsConfig['paypal'];
  mollie?: PaymentsConfig['mollie'];
  /** The account bank transfers are paid to. */
  bank: BankAccount;
  /** Who sells (SELLER_*): invoices, credit notes, UBL, mails and the public pages print it. */
  seller: SellerIdentity;
  /** OVH_AUTO_ORDER: VPS products that allow it are bought at OVH when the inventory has none (their stock is then products.stock). */
  ovhAutoOrder?: boolean;
  /** Cloud provider keys; without them the simulated fleet. */
  ovh?: { endpoint: string; appKey: string; appSecret: string; consumerKey: string };
  /** The game panel's application API; without it the sandbox panel. */
  pterodactyl?: GamePanelConfig['pterodactyl'];
  /** Key for secrets at rest (VPS passwords), 64 hex characters. */
  encryptionKey: string;
  /** Whether providers without keys use the sandbox page (default) or are not offered at all. */
  paymentsSandbox?: boolean;
  /** VIES REST base for EU VAT numbers; without it the offline sandbox checker. */
  viesUrl?: string;
  /** Peers believed about the client's address in X-Forwarded-For (TRUST_PROXY); loopback only by default. */
  trustProxy?: TrustProxy;
  /** Days an unpaid bank-transfer order keeps its stock (BANK_TRANSFER_RESERVATION_DAYS); default 5. */
  bankTransferReservationDays?: number;
  /** OSS (VAT_OSS): EU consumers pay their own state's VAT; default on. */
  ossApplies?: boolean;
  /** The official e-invoice rules (EINVOICE_RULES_DIR); without them documents are issued unchecked. */
  einvoiceRulesDir?: string;
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); without it /metrics answers 401 to everyone. */
  metricsToken?: string;
  /** The languages the support team answers in (SUPPORT_LANGUAGES); French alone by default. */
  supportLanguages?: readonly Language[];
}

export interface AppDeps {
  db: Knex;
  logger: Logger;
  config: AppConfig;
  /** Defaults to the outbox-only sandbox (mails kept in mail_outbox, nothing sent). */
  mailer?: Mailer;
  /** A store per limiter; defaults to memory (one instance). main.ts gives Redis when REDIS_URL is set. */
  rateLimitStores?: RateLimitStoreFactory;
  /** With REDIS_URL: whether Redis answers, shown by /api/ready. */
  redisReachable?: () => Promise<boolean>;
  /** The payment providers' set-up check main.ts runs at start-up; /api/ready shows its report. */
  paymentSetup?: ProviderSetupCheck;
  /** Folder of the built client (dist/client); without it only the API is served. */
  clientDir?: string;
  /** Renders the public pages; defaults to the server build beside clientDir (dist/server). */
  pageRenderer?: PageRenderer;
  /** How long one instance reuses the serialised catalogue (tests that write products use 0). */
  catalogTtlMs?: number;
  /** Background jobs; defaults to a queue that can send (workers are started by main.ts). */
  jobs?: JobQueue;
  /** Defaults to the adapters the config asks for (real with keys, sandbox without). */
  paymentAdapters?: PaymentAdapters;
  /** Saving and charging methods; defaults to those of the providers whose keys are set. */
  recurringAdapters?: RecurringAdapters;
  /** Defaults to OVH with keys, the simulated fleet without. */
  cloud?: CloudAdapter;
  /** Defaults to Pterodactyl (or Pelican) with its key, the sandbox panel without. */
  gamePanel?: GamePanelAdapter;
  /** A game server's power, resources and console: the panel's client API with its client key, the sandbox without a panel. */
  gameConsole?: GameConsolePanel;
  /** Defaults to VIES at config.viesUrl, the offline sandbox without. */
  vatChecker?: VatChecker;
  /** Makes documents' PDF and UBL and runs the official checks; main.ts shares one with the render job. */
  documentRenderer?: DocumentRenderers;
  /** Check every JSON answer against the contract (tests and development): a mismatch is a 500. */
  checkAnswers?: boolean;
  /** The time of order events (payment, delivery...); main.ts gives the billing jobs' clock. Defaults to the system clock. */
  clock?: Clock;
  /** True once main.ts started the shutdown (SIGTERM): /api/ready answers 503, answers close their connection. */
  draining?: () => boolean;
}

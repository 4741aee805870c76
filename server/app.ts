import express, { type Express } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { clientApp } from './http/client-app';
import { publicSite } from './http/public-site/public-site';
import type { PageRenderer } from './http/public-site/page-renderer';
import { compressAnswers } from './http/compress';
import { apiNotFound, errorHandler } from './http/errors';
import { answerBusy } from './http/busy';
import { accountAnswersUnstored } from './http/account-answers';
import { DEFAULT_TRUST_PROXY, type TrustProxy } from './http/trust-proxy';
import { memoryRateLimitStores, type RateLimitStoreFactory } from './http/rate-limit-store';
import { createAuthRateLimits, createContactRateLimit, createSecondFactorRateLimits } from './http/rate-limits';
import { requestLogger } from './http/request-logger';
import { createStaffGuards } from './http/require-staff';
import { twoFactorModule } from './modules/two-factor/index';
import { dutyModule, staffAuthModule } from './modules/staff/index';
import { staffOrdersModule } from './modules/staff/orders/index';
import { staffProductsModule } from './modules/staff/products/index';
import { staffProductsAdminModule } from './modules/staff/products-admin/index';
import { staffTicketsModule } from './modules/staff/tickets/index';
import { staffProfileModule } from './modules/staff/profile/index';
import { staffLogsModule } from './modules/staff/logs/index';
import { staffUsersModule } from './modules/staff/users/index';
import { staffBillingModule } from './modules/staff/billing/index';
import { einvoiceDeliveriesModule } from './modules/einvoice/delivery/index';
import { optionalUser, requireUser } from './http/require-user';
import { securityHeaders } from './http/security-headers';
import { authModule } from './modules/auth/index';
import { createSessions } from './modules/auth/sessions.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalog } from './modules/catalog/catalog.service';
import { healthModule } from './modules/health/index';
import { invoiceRoutes } from './modules/invoices/invoice.routes';
import { createMailer, type Mailer } from './modules/mail/mail.service';
import { ratingsModule } from './modules/ratings/index';
import { ticketsModule } from './modules/tickets/index';
import { createOutboxOnlyTransport } from './providers/mail/outbox-only';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { documentAttachments } from './modules/invoices/document-attachments';
import { createDocumentIssuer } from './modules/invoices/document-issuer';
import { createDocumentRenderer, type DocumentRenderers } from './modules/einvoice/document-renderer.factory';
import { createDocuments } from './modules/invoices/documents.service';
import { deliverRenderedDocument } from './modules/einvoice/delivery/document-delivery';
import { buildAccountantExport } from './modules/invoices/accountant-export';
import type { BankAccount } from './shared/bank-account';
import { checkoutModule } from './modules/checkout/index';
import { ordersModule } from './modules/orders/index';
import { checkAnswers } from './http/answer-check';
import { walletModule } from './modules/wallet/index';
import { createClosePayments } from './modules/payments/close-payments.job';
import { createClosePaymentsNow } from './modules/payments/close-payments-now';
import { savedMethodsModule } from './modules/saved-methods/index';
import { autoRenewalModule } from './modules/renewal-charges/index';
import type { RecurringAdapters } from './modules/saved-methods/saved-methods.service';
import { createRecurringAdapters } from './providers/payments/recurring/index';
import { createPaymentEvents } from './modules/payments/payment-events.service';
import { paymentPagesModule } from './modules/payments/index';
import { cookieConsentRoutes } from './modules/cookie-consent/cookie-consent.routes';
import type { ProviderSetupCheck } from './modules/payments/provider-setup';
import { orderPayments } from './modules/payments/order-payments';
import { createPaymentReconciler } from './modules/payments/reconcile';
import { createWebhookReceiver } from './modules/payments/webhook-receiver';
import { webhooksRoutes } from './modules/payments/webhooks.routes';
import { createPaymentAdapters, sandboxSecret, type PaymentAdapters, type PaymentsConfig } from './providers/payments/index';
import { createCloudAdapter } from './providers/cloud/index';
import type { CloudAdapter } from './providers/cloud/types';
import {
  createAccountPasswordRateLimit,
  createEmailChangeRecipientRateLimit,
  createAdminPasswordRateLimit,
  createPaymentMethodSetupRateLimit,
  createTicketOpenRateLimit,
  createVpsActionRateLimit,
} from './http/rate-limits';
import { accountModule } from './modules/account/index';
import { vpsModule } from './modules/vps/index';
import { vatRoutes } from './modules/vat/vat.routes';
import { createVatService } from './modules/vat/vat.service';
import { createVatChecker, type VatChecker } from './providers/vat/index';
import { sellerCountryOf } from '../shared/tax/vat-treatment';
import { systemClock, type Clock } from './clock/clock';
import { DEFAULT_RESERVATION_POLICY } from './modules/orders/reservation';

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
  /** Who issues the invoices (name, address, VAT number, e-mail). */
  seller: { name: string; address: string; vatNumber: string; email: string };
  /** Cloud provider keys; without them the simulated fleet. */
  ovh?: { endpoint: string; appKey: string; appSecret: string; consumerKey: string };
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
  /** Defaults to VIES at config.viesUrl, the offline sandbox without. */
  vatChecker?: VatChecker;
  /** Makes documents' PDF and UBL and runs the official checks; main.ts shares one with the render job. */
  documentRenderer?: DocumentRenderers;
  /** Check every JSON answer against the contract (tests and development): a mismatch is a 500. */
  checkAnswers?: boolean;
  /** The time of order events (payment, delivery...); main.ts gives the billing jobs' clock. Defaults to the system clock. */
  clock?: Clock;
}

/** Builds the Express app without listening, so tests drive it through supertest. */
export function createApp(deps: AppDeps): Express {
  const { db, logger, config, clientDir, catalogTtlMs } = deps;
  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ??
    createMailer({
      db,
      transport: createOutboxOnlyTransport(logger),
      attachments: documentAttachments,
      publicUrl: config.publicUrl,
      clock,
      logger,
    });
  const authenticated = requireUser(db, config.jwtSecret, clock);
  const sessions = createSessions({ db, jwtSecret: config.jwtSecret, clock });
  const maybeAuthenticated = optionalUser(db, config.jwtSecret, clock);
  const rateLimitStores = deps.rateLimitStores ?? memoryRateLimitStores;
  const jobs = deps.jobs ?? createJobQueue(db, logger);
  const adapters = deps.paymentAdapters ?? createPaymentAdapters(config, { db, publicUrl: config.publicUrl, jwtSecret: config.jwtSecret });
  // Invoices and credit notes are numbered by the order lifecycle, in the payment's or refund's transaction.
  const documents = createDocumentIssuer({ seller: config.seller, bank: config.bank, jobs });
  const paymentEvents = createPaymentEvents({ db, jobs, documents, logger, clock });
  const receiver = createWebhookReceiver({ adapters, events: paymentEvents });
  // An order that stopped taking money closes its provider pages before the answer (the job is the fallback).
  const closePaymentsNow = createClosePaymentsNow({
    close: createClosePayments({ db, adapters, events: paymentEvents, clock, logger }),
    logger,
  });
  const payments = { db, adapters, publicUrl: config.publicUrl, logger, clock };
  const cloud = deps.cloud ?? createCloudAdapter(config, { db });
  const vatChecker = deps.vatChecker ?? createVatChecker(config, { logger });
  const vat = createVatService({
    db,
    checker: vatChecker,
    sellerCountry: sellerCountryOf(config.seller.vatNumber),
    ossApplies: config.ossApplies,
    clock,
    logger,
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy ?? DEFAULT_TRUST_PROXY);
  app.use(requestLogger(app, logger));
  app.use(securityHeaders());

  const api = express.Router();
  if (deps.checkAnswers) app.use('/api', checkAnswers);
  // First, and straight on the app: every page asks for the catalogue, serialised and compressed once per load.
  const catalog = createCatalog(db, { ttlMs: catalogTtlMs });
  app.use('/api', catalogRoutes(catalog));
  api.use(compressAnswers());
  api.use(accountAnswersUnstored);
  // Before the JSON parser: provider signatures cover the raw body.
  api.use(webhooksRoutes({ receiver }));
  api.use(express.json({ limit: '100kb' }));
  api.use(healthModule({ db, redisReachable: deps.redisReachable, paymentSetup: deps.paymentSetup?.report }).routes);
  // The second factor: login (password or Discord) answers its challenge when it is on.
  // Staff guards are built first: the second factor's and the ratings' staff routes are mounted with the back-office below.
  const guards = createStaffGuards(db, config.jwtSecret, clock);
  const secondFactor = twoFactorModule({
    db,
    mailer,
    encryptionKey: config.encryptionKey,
    clock,
    sessions,
    requireUser: authenticated,
    limits: createSecondFactorRateLimits(rateLimitStores),
    guards,
  });
  const { challenges } = secondFactor;
  api.use(
    authModule({
      db,
      mailer,
      sessions,
      clock,
      secondFactor: challenges,
      limits: createAuthRateLimits(rateLimitStores),
      discord: config.discord,
      publicUrl: config.publicUrl,
      jwtSecret: config.jwtSecret,
      requireUser: authenticated,
    }).routes,
  );
  api.use(secondFactor.routes);
  const ratings = ratingsModule({ db, clock, requireUser: authenticated, optionalUser: maybeAuthenticated, guards });
  api.use(ratings.routes);
  api.use(
    ticketsModule({
      db,
      requireUser: authenticated,
      optionalUser: maybeAuthenticated,
      contactLimit: createContactRateLimit(rateLimitStores),
      openLimit: createTicketOpenRateLimit(rateLimitStores),
    }).routes,
  );
  api.use(walletModule({ db, jobs, documents, clock, closePaymentsNow, requireUser: authenticated }).routes);
  const savedMethods = savedMethodsModule({
    db,
    recurring: deps.recurringAdapters ?? createRecurringAdapters(config),
    // Sandbox cards stand in for Stripe's while it has no keys, as its sandbox page does.
    sandbox: !config.stripe && config.paymentsSandbox !== false,
    publicUrl: config.publicUrl,
    clock,
    logger,
    requireUser: authenticated,
    setupLimit: createPaymentMethodSetupRateLimit(rateLimitStores),
  });
  api.use(savedMethods.routes);
  api.use(autoRenewalModule({ db, clock, requireUser: authenticated }).routes);
  const orders = ordersModule({
    db,
    clock,
    jobs,
    closePaymentsNow,
    reconcile: createPaymentReconciler({ adapters, events: paymentEvents }),
    payments: orderPayments,
    requireUser: authenticated,
  });
  api.use(orders.routes);
  api.use(
    vpsModule({
      db,
      cloud,
      encryptionKey: config.encryptionKey,
      logger,
      clock,
      requireUser: authenticated,
      actionLimit: createVpsActionRateLimit(rateLimitStores),
    }).routes,
  );
  api.use(vatRoutes({ vat, requireUser: authenticated }));
  // The customer's own account (issue 19); the second factor's routes (/api/account/2fa) are apart.
  api.use(
    accountModule({
      db,
      mailer,
      vat,
      methods: savedMethods.methods,
      clock,
      requireUser: authenticated,
      passwordLimit: createAccountPasswordRateLimit(rateLimitStores),
      emailChangeLimit: createEmailChangeRecipientRateLimit(rateLimitStores),
    }).routes,
  );
  const reservations = { bankTransferDays: config.bankTransferReservationDays ?? DEFAULT_RESERVATION_POLICY.bankTransferDays };
  api.use(checkoutModule({ ...payments, mailer, bank: config.bank, requireUser: authenticated, vat, reservations }).routes);
  const paymentPages = paymentPagesModule({ ...payments, events: paymentEvents, receiver, secret: sandboxSecret(config.jwtSecret) });
  api.use(paymentPages.paypalReturnRoutes);
  api.use(cookieConsentRoutes());
  api.use(paymentPages.sandboxRoutes);
  const billingDocuments = createDocuments({
    db,
    renderer: deps.documentRenderer ?? createDocumentRenderer({ rulesDir: config.einvoiceRulesDir, logger }),
    issuer: documents,
    seller: config.seller,
    bank: config.bank,
    clock,
    logger,
    exportZip: buildAccountantExport,
    // Once its files are stored: a Belgian business's document goes to Peppol (only if valid), others by mail with the PDF.
    afterRender: deliverRenderedDocument({ jobs, clock, mailer }),
  });
  api.use(invoiceRoutes({ documents: billingDocuments, requireUser: authenticated }));
  // The back-office: the admin password check, then every /api/admin call on the staff token.
  api.use(
    staffAuthModule({
      db,
      sessions,
      requireUser: authenticated,
      guards,
      passwordLimit: createAdminPasswordRateLimit(rateLimitStores),
    }).routes,
  );
  api.use(dutyModule({ db, guards, clock }).routes);
  const staffOrders = staffOrdersModule({ db, guards, jobs, documents, mailer, clock, cloud, logger });
  api.use(staffOrders.routes);
  api.use(staffProductsModule({ db, guards, catalog }).routes);
  api.use(staffProductsAdminModule({ db, guards, catalog, clock }).routes);
  api.use(staffTicketsModule({ db, guards, mailer, clock }).routes);
  api.use(ratings.moderationRoutes);
  api.use(staffProfileModule({ db, guards }).routes);
  api.use(staffLogsModule({ db, guards, mailer }).routes);
  api.use(staffUsersModule({ db, guards, clock }).routes);
  api.use(secondFactor.staffRoutes);
  api.use(staffBillingModule({ db, guards, clock, jobs, documents, mailer, orders: staffOrders.orders, billingDocuments }).routes);
  api.use(einvoiceDeliveriesModule({ db, guards, jobs, clock }).routes);
  api.use(apiNotFound);
  app.use('/api', api);

  // Robots, sitemap and the public pages rendered with their content; every other page gets the shell.
  // Compressed unless already (the precompressed assets carry their Content-Encoding).
  app.use(compressAnswers());
  app.use(publicSite({ catalog, publicUrl: config.publicUrl, logger, clientDir, renderer: deps.pageRenderer }));
  if (clientDir) app.use(clientApp(clientDir));
  app.use(answerBusy);
  app.use(errorHandler);
  return app;
}

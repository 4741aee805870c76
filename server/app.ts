import { createAppInfrastructure } from './app-infrastructure';
import express, { type Express } from 'express';
import { clientApp } from './http/client-app';
import { publicSite } from './http/public-site/public-site';
import { compressAnswers } from './http/compress';
import { apiNotFound, errorHandler } from './http/errors';
import { answerBusy } from './http/busy';
import { accountAnswersUnstored } from './http/account-answers';
import { DEFAULT_TRUST_PROXY } from './http/trust-proxy';
import { createAuthRateLimits, createContactRateLimit, createSecondFactorRateLimits } from './http/rate-limits';
import { requestLogger } from './http/request-logger';
import { requestMetrics } from './http/request-metrics';
import { closeWhenDraining } from './http/close-when-draining';
import { metricsModule } from './modules/metrics/index';
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
import { securityHeaders } from './http/security-headers';
import { authModule } from './modules/auth/index';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { supportLanguagesRoutes } from './modules/catalog/support-languages.routes';
import { DEFAULT_SUPPORT_LANGUAGES } from '../shared/site/support-languages';
import { createCatalog } from './modules/catalog/catalog.service';
import { healthModule } from './modules/health/index';
import { invoiceRoutes } from './modules/invoices/invoice.routes';
import { ratingsModule } from './modules/ratings/index';
import { ticketsModule } from './modules/tickets/index';
import { createDocumentRenderer } from './modules/einvoice/document-renderer.factory';
import { createDocuments } from './modules/invoices/documents.service';
import { deliverRenderedDocument } from './modules/einvoice/delivery/document-delivery';
import { buildAccountantExport } from './modules/invoices/accountant-export';
import { checkoutModule } from './modules/checkout/index';
import { ordersModule } from './modules/orders/index';
import { checkAnswers } from './http/answer-check';
import { walletModule } from './modules/wallet/index';
import { savedMethodsModule } from './modules/saved-methods/index';
import { autoRenewalModule } from './modules/renewal-charges/index';
import { createRecurringAdapters } from './providers/payments/recurring/index';
import { paymentPagesModule } from './modules/payments/index';
import { cookieConsentRoutes } from './modules/cookie-consent/cookie-consent.routes';
import { sellerRoutes } from './modules/seller/seller.routes';
import { invoicePeppolRecipients } from './modules/einvoice/delivery/invoice-peppol-recipients';
import { orderPayments } from './modules/payments/order-payments';
import { createPaymentReconciler } from './modules/payments/reconcile';
import { webhooksRoutes } from './modules/payments/webhooks.routes';
import { sandboxSecret } from './providers/payments/index';
import {
  createAccountPasswordRateLimit,
  createEmailChangeRecipientRateLimit,
  createAdminPasswordRateLimit,
  createPaymentMethodSetupRateLimit,
  createTicketOpenRateLimit,
  createServiceActionRateLimit,
  createVpsActionRateLimit,
  createGameServerActionRateLimit,
} from './http/rate-limits';
import { accountModule } from './modules/account/index';
import { vpsModule } from './modules/vps/index';
import { servicesModule } from './modules/services/index';
import { gameBackupsModule } from './modules/services/game-backups/index';
import { gameConsoleModule } from './modules/services/game/index';
import { createGameConsolePanel } from './providers/game-panel/client-api/index';
import { onUpgrade } from './http/upgrades';
import { gameFilesModule } from './modules/services/game-files/index';
import { sshKeysModule } from './modules/ssh-keys/index';
import { vatRoutes } from './modules/vat/vat.routes';
import { DEFAULT_RESERVATION_POLICY } from './modules/orders/reservation';

export type { AppConfig, AppDeps } from './app-deps';
import type { AppDeps } from './app-deps';

/** Builds the Express app without listening, so tests drive it through supertest. */
export function createApp(deps: AppDeps): Express {
  const { db, logger, config, clientDir, catalogTtlMs } = deps;
  const {
    clock,
    mailer,
    authenticated,
    maybeAuthenticated,
    sessions,
    rateLimitStores,
    jobs,
    adapters,
    documents,
    paymentEvents,
    receiver,
    closePaymentsNow,
    payments,
    cloud,
    gamePanel,
    vat,
  } = createAppInfrastructure(deps);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy ?? DEFAULT_TRUST_PROXY);
  // Without METRICS_TOKEN nobody can read /metrics, so requests are not timed for it.
  if (config.metricsToken) app.use(requestMetrics());
  app.use(requestLogger(app, logger));
  if (deps.draining) app.use(closeWhenDraining(deps.draining));
  app.use(securityHeaders());

  const api = express.Router();
  if (deps.checkAnswers) app.use('/api', checkAnswers);
  // First, and straight on the app: every page asks for the catalogue, serialised and compressed once per load.
  const catalog = createCatalog(db, { ttlMs: catalogTtlMs, ovhAutoOrder: config.ovhAutoOrder });
  app.use('/api', catalogRoutes(catalog));
  const supportLanguages = config.supportLanguages ?? DEFAULT_SUPPORT_LANGUAGES;
  api.use(compressAnswers());
  api.use(accountAnswersUnstored);
  // Before the JSON parser: provider signatures cover the raw body.
  api.use(webhooksRoutes({ receiver }));
  api.use(express.json({ limit: '100kb' }));
  api.use(supportLanguagesRoutes(supportLanguages));
  const health = healthModule({
    db,
    redisReachable: deps.redisReachable,
    paymentSetup: deps.paymentSetup?.report,
    draining: deps.draining,
  });
  api.use(health.routes);
  // Prometheus's scrape, on the app's port beside the API (README "Metrics and alerts").
  app.use(metricsModule({ db, clock, logger, token: config.metricsToken, ready: () => health.ready(logger) }).routes);
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
    peppolRecipients: invoicePeppolRecipients,
    requireUser: authenticated,
  });
  api.use(orders.routes);
  const sshKeys = sshKeysModule({ db, clock, requireUser: authenticated });
  api.use(sshKeys.routes);
  const services = servicesModule({
    db,
    clock,
    jobs,
    mailer,
    cloud,
    ownKey: sshKeys.keys.ownKey,
    encryptionKey: config.encryptionKey,
    requireUser: authenticated,
    guards,
    actionLimit: createServiceActionRateLimit(rateLimitStores),
  });
  api.use(services.routes);
  // A game server's console (a WebSocket on this origin), power and resources (issue 33).
  const gameConsole = gameConsoleModule({
    db,
    clock,
    panel: deps.gameConsole ?? createGameConsolePanel(config),
    publicUrl: config.publicUrl,
    logger,
    requireUser: authenticated,
    actionLimit: createGameServerActionRateLimit(rateLimitStores),
    draining: deps.draining,
  });
  api.use(gameConsole.routes);
  onUpgrade(app, gameConsole.upgrade);
  api.use(
    gameBackupsModule({ db, clock, config, requireUser: authenticated, actionLimit: createServiceActionRateLimit(rateLimitStores) }).routes,
  );
  api.use(gameFilesModule({ db, clock, config, requireUser: authenticated, rateLimitStores }).routes);
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
  api.use(
    checkoutModule({
      ...payments,
      mailer,
      bank: config.bank,
      requireUser: authenticated,
      vat,
      reservations,
      ovhAutoOrder: config.ovhAutoOrder,
    }).routes,
  );
  const paymentPages = paymentPagesModule({ ...payments, events: paymentEvents, receiver, secret: sandboxSecret(config.jwtSecret) });
  api.use(paymentPages.paypalReturnRoutes);
  api.use(cookieConsentRoutes());
  api.use(sellerRoutes(config.seller));
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
  api.use(services.staffRoutes);
  api.use(staffProductsModule({ db, guards, catalog, panel: gamePanel }).routes);
  api.use(staffProductsAdminModule({ db, guards, catalog, clock, panel: gamePanel }).routes);
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
  app.use(
    publicSite({
      catalog,
      seller: config.seller,
      publicUrl: config.publicUrl,
      supportLanguages,
      logger,
      clientDir,
      renderer: deps.pageRenderer,
    }),
  );
  if (clientDir) app.use(clientApp(clientDir));
  app.use(answerBusy);
  app.use(errorHandler);
  return app;
}

import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { seedDemoDataOnce } from './db/demo-data';
import { connectRedisRateLimitStores, memoryRateLimitStores } from './http/rate-limit-store';
import { createLogger } from './logger';
import { createMailer } from './modules/mail/mail.service';
import { documentAttachments } from './modules/invoices/document-attachments';
import { createMailTransport } from './providers/mail/index';
import { createJobQueue } from './jobs/job-queue';
import { ORDER_PAID_QUEUE, RENDER_DOCUMENT_QUEUE } from './jobs/queues';
import { createOrderPaidFollowUp, type OrderPaidJob } from './modules/payments/order-paid.job';
import { createCloudAdapter, createVpsOrdering } from './providers/cloud/index';
import { createGameBackups } from './providers/game-panel/client-api/create-backups';
import { createGamePanel } from './providers/game-panel/index';
import {
  createDeliveryRunner,
  createEndServiceAtProvider,
  createGameServerProvisioner,
  createVpsProvisioner,
  startDelivery,
  createFollowReinstall,
  startFollowReinstall,
  startEndServiceJobs,
} from './modules/services/index';
import { createServiceMachines } from './modules/services/machines/service-machines';
import { createBillingCycle } from './modules/billing-cycle/billing-cycle';
import { orderPayments } from './modules/payments/order-payments';
import { autoChargePlan } from './modules/renewal-charges/auto-charge-plan';
import { startBillingCycle } from './modules/billing-cycle/billing-cycle.job';
import { createPaymentEvents } from './modules/payments/payment-events.service';
import { startRenewalCharges } from './modules/renewal-charges/renewal-charges.job';
import { createRenewalCharges } from './modules/renewal-charges/renewal-charges.service';
import { createSavedMethods } from './modules/saved-methods/saved-methods.service';
import { createRecurringAdapters } from './providers/payments/recurring/index';
import { systemClock } from './clock/clock';
import { startMailOutbox } from './modules/mail/mail-outbox.job';
import { createPaymentAdapters } from './providers/payments/index';
import { startPaymentJobs } from './modules/payments/payment-jobs';
import { createProviderSetupCheck } from './modules/payments/provider-setup';
import { createDocumentIssuer, type RenderDocumentJob } from './modules/invoices/document-issuer';
import { createDocumentRenderer } from './modules/einvoice/document-renderer.factory';
import { createRenderDocumentJob } from './modules/invoices/document-renderer';
import { backfillInvoiceDocuments } from './modules/invoices/backfill-invoices';
import { deliverRenderedDocument } from './modules/einvoice/delivery/document-delivery';
import { configurePasswordWork } from './security/passwords';
import { createReservationExpiry } from './modules/orders/reservation-expiry';
import { startReservationExpiry } from './modules/orders/reservation-expiry.job';
import { startSessionPrune } from './modules/auth/session-prune.job';
import { createAccessPoint } from './providers/peppol/index';
import { startEinvoiceDelivery } from './modules/einvoice/delivery/einvoice-delivery.job';
import { drainServer } from './http/drain-server';
import { attachUpgrades } from './http/upgrades';

/**
 * SIGTERM to exit, under Kubernetes' default 30 s grace: requests in flight and running jobs get
 * 25 s, the rest (mails handed over, closing connections) the seconds left.
 */
const DRAIN_MS = 25_000;
/** Mails already handed to the transport may finish within this, after the drain. */
const MAIL_IDLE_MS = 3_000;

const CLIENT_DIR = fileURLToPath(new URL('../dist/client', import.meta.url));

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await connectDatabase(config, logger);
  if (config.seedDemo) await seedDemoDataOnce(database.db, config.encryptionKey, logger);

  // Rate-limit counters in Redis when REDIS_URL is set, so several instances count as one; while
  // Redis is down each instance counts in its own memory (a warning is logged) and the start goes on.
  const redis = config.redisUrl ? await connectRedisRateLimitStores(config.redisUrl, { logger }) : undefined;
  configurePasswordWork(config.passwordWork);
  // One clock for the process: the billing sweeps, the mails and the order events read the same time.
  const clock = systemClock;
  const mailTransport = createMailTransport(config.mail, logger);
  const mailer = createMailer({
    db: database.db,
    transport: mailTransport,
    attachments: documentAttachments,
    publicUrl: config.publicUrl,
    clock,
    logger,
    seller: config.seller,
  });

  // Every instance works the queues; pg-boss hands each job to one of them.
  const jobs = createJobQueue(database.db, logger);
  await jobs.start();
  const cloud = createCloudAdapter(config, { db: database.db });
  // Delivery on its own: game servers on the panel, VPS from the inventory (or ordered at OVH).
  const gamePanel = createGamePanel(config, { db: database.db, now: () => clock.now() });
  // Suspend, unsuspend and end a service at its provider: the cloud for a VPS, the panel for a game server.
  const machines = createServiceMachines({ cloud, gamePanel, logger });
  await startEndServiceJobs(jobs, createEndServiceAtProvider({ db: database.db, machines, logger }));
  await jobs.work<OrderPaidJob>(ORDER_PAID_QUEUE.name, createOrderPaidFollowUp({ db: database.db, mailer, machines, clock, logger }));
  const ordering = config.ovhAutoOrder
    ? createVpsOrdering(config, { db: database.db, encryptionKey: config.encryptionKey, now: () => clock.now() })
    : null;
  const vpsProvisioner = createVpsProvisioner({ db: database.db, cloud, ordering, clock });
  await startDelivery(
    jobs,
    createDeliveryRunner({
      db: database.db,
      jobs,
      clock,
      mailer,
      logger,
      provisioners: {
        pterodactyl: createGameServerProvisioner({
          db: database.db,
          panel: gamePanel,
          backups: createGameBackups(config, { db: database.db, now: () => clock.now() }),
        }),
        inventory: vpsProvisioner,
        ovh_order: vpsProvisioner,
      },
    }),
  );
  // The customers' reinstalls, followed until OVH (or the sandbox) finished them.
  await startFollowReinstall(jobs, createFollowReinstall({ db: database.db, clock, cloud, jobs }));
  await startBillingCycle(
    jobs,
    createBillingCycle({ db: database.db, mailer, machines, jobs, payments: orderPayments, autoChargePlan, clock, logger }),
  );
  await startMailOutbox(jobs, mailer);
  // One set of payment adapters for the API and the jobs that close checkouts and send refunds.
  const paymentAdapters = createPaymentAdapters(config, { db: database.db, publicUrl: config.publicUrl, jwtSecret: config.jwtSecret });
  const documents = createDocumentIssuer({ seller: config.seller, bank: config.bank, jobs });
  const backfilled = await backfillInvoiceDocuments(database.db, documents);
  if (backfilled > 0) logger.info({ backfilled }, 'invoice documents made for orders invoiced before they were stored');
  await startPaymentJobs(jobs, { db: database.db, adapters: paymentAdapters, documents, mailer, clock, logger });
  // Webhooks that cannot be forgotten: each provider with keys is asked what it will notify, beside
  // the start (never before it), and each missing thing is logged once; /api/ready shows the result.
  const paymentSetup = createProviderSetupCheck({ adapters: paymentAdapters, publicUrl: config.publicUrl, logger });
  void paymentSetup.run();
  // Automatic renewal: the wallet or the saved method pays renewal invoices from 3 days before they are due.
  const recurringAdapters = createRecurringAdapters(config);
  await startRenewalCharges(jobs, {
    charges: createRenewalCharges({
      db: database.db,
      mailer,
      clock,
      logger,
      recurring: recurringAdapters,
      events: createPaymentEvents({ db: database.db, jobs, documents, logger, clock }),
      jobs,
      documents,
      publicUrl: config.publicUrl,
    }),
    setups: createSavedMethods({
      db: database.db,
      recurring: recurringAdapters,
      sandbox: false, // the job only finishes provider setups
      publicUrl: config.publicUrl,
      clock,
      logger,
    }),
  });
  // Numbered invoices and credit notes get their PDF and checked UBL here (and on first download).
  const documentRenderer = createDocumentRenderer({ rulesDir: config.einvoiceRulesDir, logger });
  await jobs.work<RenderDocumentJob>(
    RENDER_DOCUMENT_QUEUE.name,
    createRenderDocumentJob({
      db: database.db,
      renderer: documentRenderer,
      clock,
      logger,
      afterRender: deliverRenderedDocument({ jobs, clock, mailer }),
    }),
  );
  await startReservationExpiry(jobs, createReservationExpiry({ db: database.db, jobs, payments: orderPayments, mailer, clock, logger }));
  await startSessionPrune(jobs, { db: database.db, clock, logger });
  // Belgian B2B invoices and credit notes leave as Peppol e-invoices (the sandbox keeps them here).
  const accessPoint = createAccessPoint(config.peppol, { db: database.db });
  await startEinvoiceDelivery(jobs, { db: database.db, accessPoint, clock, logger });

  // Set on SIGTERM: /api/ready answers 503 at once and every answer closes its connection.
  let draining = false;
  const app = createApp({
    draining: () => draining,
    db: database.db,
    logger,
    config,
    mailer,
    jobs,
    cloud,
    gamePanel,
    clock,
    paymentAdapters,
    recurringAdapters,
    documentRenderer,
    rateLimitStores: redis?.storeFor ?? memoryRateLimitStores,
    redisReachable: redis?.reachable,
    paymentSetup,
    clientDir: CLIENT_DIR,
  });
  const server = createServer(app);
  // The game console's WebSocket (/api/services/{id}/console) on the same port.
  attachUpgrades(server, app);
  server.listen(config.port, () => {
    logger.info(
      {
        url: `${config.publicUrl}/fr`,
        mail: config.mail.smtpUrl ? 'smtp' : 'outbox only',
        rateLimits: redis ? 'redis' : 'memory',
        discord: Boolean(config.discord),
        payments: {
          card: config.stripe ? 'stripe' : 'sandbox',
          paypal: config.paypal ? 'paypal' : 'sandbox',
          invoices: config.mollie ? 'mollie' : 'sandbox',
        },
        peppol: accessPoint.name,
      },
      'storefront listening',
    );
  });

  const stop = async (signal: string) => {
    if (draining) return;
    draining = true;
    logger.info({ signal, graceMs: DRAIN_MS }, 'shutting down: not ready, finishing requests and jobs');
    // Side by side: the HTTP requests in flight finish, the workers take no new job and finish theirs
    // (or fail them back to pg-boss, retried by the next instance, when they outlast the grace).
    const [http] = await Promise.all([drainServer(server, DRAIN_MS), jobs.stop({ timeoutMs: DRAIN_MS })]);
    if (http === 'forced') logger.warn({ graceMs: DRAIN_MS }, 'requests still running after the grace were cut');
    await Promise.race([mailer.idle(), new Promise((resolve) => setTimeout(resolve, MAIL_IDLE_MS).unref())]);
    await mailTransport.close();
    await redis?.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  const stopOn = (signal: string) => () =>
    void stop(signal).catch((err: unknown) => {
      logger.error({ err }, 'the shutdown failed');
      process.exit(1);
    });
  process.once('SIGINT', stopOn('SIGINT'));
  process.once('SIGTERM', stopOn('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('The storefront could not start:', err);
  }
  process.exit(1);
});

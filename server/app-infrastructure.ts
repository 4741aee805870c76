import type { AppDeps } from './app-deps';
import { memoryRateLimitStores } from './http/rate-limit-store';
import { optionalUser, requireUser } from './http/require-user';
import { createSessions } from './modules/auth/sessions.service';
import { createMailer } from './modules/mail/mail.service';
import { createOutboxOnlyTransport } from './providers/mail/outbox-only';
import { createJobQueue } from './jobs/job-queue';
import { documentAttachments } from './modules/invoices/document-attachments';
import { createDocumentIssuer } from './modules/invoices/document-issuer';
import { createClosePayments } from './modules/payments/close-payments.job';
import { createClosePaymentsNow } from './modules/payments/close-payments-now';
import { createPaymentEvents } from './modules/payments/payment-events.service';
import { createWebhookReceiver } from './modules/payments/webhook-receiver';
import { createPaymentAdapters } from './providers/payments/index';
import { createCloudAdapter } from './providers/cloud/index';
import { createGamePanel } from './providers/game-panel/index';
import { createVatService } from './modules/vat/vat.service';
import { createVatChecker } from './providers/vat/index';
import { sellerCountryOf } from '../shared/tax/vat-treatment';
import { systemClock } from './clock/clock';

/**
 * What every module of the app is built on: the clock, mail, sessions and login guards, rate-limit
 * stores, jobs, the payment providers and their events, the cloud and VAT. createApp composes the
 * modules on top of it.
 */
export function createAppInfrastructure(deps: AppDeps) {
  const { db, logger, config } = deps;
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
      seller: config.seller,
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
  const receiver = createWebhookReceiver({ adapters, events: paymentEvents, clock });
  // An order that stopped taking money closes its provider pages before the answer (the job is the fallback).
  const closePaymentsNow = createClosePaymentsNow({
    close: createClosePayments({ db, adapters, events: paymentEvents, clock, logger }),
    logger,
  });
  const payments = { db, adapters, publicUrl: config.publicUrl, logger, clock };
  const cloud = deps.cloud ?? createCloudAdapter(config, { db });
  const gamePanel = deps.gamePanel ?? createGamePanel(config, { db, now: () => clock.now() });
  const vatChecker = deps.vatChecker ?? createVatChecker(config, { logger });
  const vat = createVatService({
    db,
    checker: vatChecker,
    sellerCountry: sellerCountryOf(config.seller.vatNumber),
    ossApplies: config.ossApplies,
    clock,
    logger,
  });

  return {
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
  };
}

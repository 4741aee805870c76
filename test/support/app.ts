import type { Knex } from 'knex';
import type { SellerIdentity } from '../../shared/schemas/seller';
import pino from 'pino';
import { createApp, type AppConfig, type AppDeps } from '../../server/app';
import { createMailer } from '../../server/modules/mail/mail.service';
import { documentAttachments } from '../../server/modules/invoices/document-attachments';
import { createOutboxOnlyTransport } from '../../server/providers/mail/outbox-only';
import type { MailTransport } from '../../server/providers/mail/types';

export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';
export const TEST_PUBLIC_URL = 'http://shop.test';

/** What a test app is configured with unless the test says otherwise (no Discord keys). */
export const TEST_BANK = { iban: 'BE71096123456769', bic: 'GKCCBEBB', accountHolder: 'HubHost SRL' };

export const TEST_SELLER: SellerIdentity = {
  name: 'HubHost SRL',
  legalForm: 'srl',
  address: 'Rue Royale 1, 1000 Bruxelles',
  country: 'BE',
  enterpriseNumber: '0123.456.749',
  vatNumber: 'BE0123456749',
  email: 'factures@hubhost.test',
  phone: '+32 2 012 34 56',
  hosting: { name: 'Hébergeur Test SA', address: 'Avenue du Test 3, 1050 Ixelles' },
};
export const TEST_ENCRYPTION_KEY = 'ab'.repeat(32);

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    bank: TEST_BANK,
    seller: TEST_SELLER,
    encryptionKey: TEST_ENCRYPTION_KEY,
    ...overrides,
  };
}

export function testLogger() {
  return pino({ level: process.env.TEST_LOGS === '1' ? 'debug' : 'silent' });
}

/** A mailer on the test database; without a transport, the outbox-only sandbox. Await mailer.idle(). */
export function createTestMailer(db: Knex, transport?: MailTransport, publicUrl = TEST_PUBLIC_URL) {
  const logger = testLogger();
  return createMailer({
    db,
    transport: transport ?? createOutboxOnlyTransport(logger),
    attachments: documentAttachments,
    publicUrl,
    logger,
    seller: TEST_SELLER,
  });
}

type TestAppOptions = Omit<Partial<AppDeps>, 'db' | 'config'> & { config?: Partial<AppConfig> };

/**
 * The real app on a test database; logs are silent unless TEST_LOGS=1. Defaults: testConfig(),
 * the outbox-only mailer, rate limits in memory (a fresh count per app).
 */
export function createTestApp(db: Knex, options: TestAppOptions = {}) {
  const { config, ...rest } = options;
  return createApp({ db, logger: testLogger(), catalogTtlMs: 0, checkAnswers: true, ...rest, config: testConfig(config) });
}

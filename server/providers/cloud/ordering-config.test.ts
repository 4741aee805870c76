import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config';
import { createDb } from '../../db/knex';
import { createVpsOrdering } from './index';

// OVH_AUTO_ORDER and OVH_SUBSIDIARY as server/config.ts reads them, and the ordering each
// configuration gets: real orders only when asked and keyed, the sandbox where nothing is bought.

const OVH_KEYS = {
  OVH_ENDPOINT: 'https://eu.api.ovh.com/1.0',
  OVH_APP_KEY: 'app-key',
  OVH_APP_SECRET: 'app-secret',
  OVH_CONSUMER_KEY: 'consumer-key',
};
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://shop@localhost:5433/shop',
  JWT_SECRET: 'j'.repeat(32),
  ENCRYPTION_KEY: 'ab'.repeat(32),
  SHOP_IBAN: 'BE71096123456769',
  SHOP_BIC: 'GKCCBEBB',
  SELLER_NAME: 'Nordhost SRL',
  SELLER_LEGAL_FORM: 'srl',
  SELLER_ADDRESS: 'Rue 1, 1000 Bruxelles',
  SELLER_VAT_NUMBER: 'BE0456789034',
  SELLER_EMAIL: 'facturation@nordhost.be',
  SELLER_HOSTING_NAME: 'OVH SAS',
  SELLER_HOSTING_ADDRESS: '2 rue Kellermann, 59100 Roubaix, France',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('OVH ordering settings', () => {
  it('outside production without OVH keys: on (the sandbox buys nothing), unless OVH_AUTO_ORDER=0', () => {
    expect(parseConfig({}).ovhAutoOrder).toBe(true);
    expect(parseConfig({ OVH_AUTO_ORDER: '0' }).ovhAutoOrder).toBe(false);
  });

  it('with OVH keys, or in production: off unless OVH_AUTO_ORDER=1 (real orders cost money)', () => {
    expect(parseConfig(OVH_KEYS).ovhAutoOrder).toBe(false);
    expect(parseConfig({ ...OVH_KEYS, OVH_AUTO_ORDER: '1' }).ovhAutoOrder).toBe(true);
    expect(parseConfig(PRODUCTION).ovhAutoOrder).toBe(false);
    expect(parseConfig({ ...PRODUCTION, ...OVH_KEYS, OVH_AUTO_ORDER: '1' }).ovhAutoOrder).toBe(true);
  });

  it('refuses OVH_AUTO_ORDER=1 in production without OVH keys (unless a demo), and a value other than 0 or 1', () => {
    expect(problemsOf({ ...PRODUCTION, OVH_AUTO_ORDER: '1' })).toEqual([
      'OVH_AUTO_ORDER: needs the OVH keys when NODE_ENV=production (the sandbox would deliver imaginary machines)',
    ]);
    expect(problemsOf({ ...PRODUCTION, OVH_AUTO_ORDER: '1', SEED_DEMO: '1' })).toEqual([]);
    expect(problemsOf({ OVH_AUTO_ORDER: 'yes' })).toEqual([expect.stringMatching(/^OVH_AUTO_ORDER: /) as string]);
  });

  it('bills at OVH France unless OVH_SUBSIDIARY names another subsidiary OVH has', () => {
    expect(parseConfig({}).ovhSubsidiary).toBe('FR');
    expect(parseConfig({ OVH_SUBSIDIARY: 'NL' }).ovhSubsidiary).toBe('NL');
    expect(problemsOf({ OVH_SUBSIDIARY: 'BE' })).toEqual([expect.stringMatching(/^OVH_SUBSIDIARY: /) as string]);
  });

  it('orders at OVH with its keys, in the sandbox without them', async () => {
    // Never connected: the sandbox only keeps the database for its first order.
    const db = createDb('postgres://nobody@127.0.0.1:9/none');
    try {
      const deps = { db, encryptionKey: 'ab'.repeat(32) };
      expect(createVpsOrdering(parseConfig(OVH_KEYS), deps).mode).toBe('live');
      expect(createVpsOrdering(parseConfig({}), deps).mode).toBe('sandbox');
    } finally {
      await db.destroy();
    }
  });
});

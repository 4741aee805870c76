import argon2 from 'argon2';
import type { Knex } from 'knex';
import type { Currency, Role, UserType } from '../shared/constants';
import type { Language } from '../shared/i18n/languages';

// Demo accounts of DESIGN.md §2 (the README lists them) and a few other customers so the
// staff back-office has people to serve.

export const DEMO_CLIENT_PASSWORD = 'Demo-client-1';
export const DEMO_STAFF_PASSWORD = 'Demo-staff-1';
export const DEMO_ADMIN_PASSWORD = 'Demo-admin-1';

/**
 * The demo staff's TOTP secrets (base32), public on purpose: the README lists them so anyone can
 * add them to an authenticator app (or compute a code) and try the back-office, which staff open
 * only with a second factor. A real shop has no seed: its staff enrol their own.
 */
export const DEMO_TOTP_SECRETS = {
  'support@demo.test': 'RPGDZGEOOBW2T3ECJMZF7SNCEUOF72Y3',
  'support2@demo.test': 'Q5JQH3JOEZ665JLNT3SPRLS3DT7WQLKP',
  'manager@demo.test': 'CYCIJAAOKEBWDJ2GDT3SYNI2FPKV4IJU',
  'admin@demo.test': 'LTVE4RGXCHY5L2R4DMX3BKDUUHCR3WNN',
} as const;

export const DEMO_CLIENT_EMAIL = 'client@demo.test';
export const DEMO_SUPPORT_EMAIL = 'support@demo.test';
export const DEMO_SUPPORT2_EMAIL = 'support2@demo.test';
export const DEMO_MANAGER_EMAIL = 'manager@demo.test';
export const DEMO_ADMIN_EMAIL = 'admin@demo.test';

export const CUSTOMER_LUCAS_EMAIL = 'lucas.martin@example.com';
export const CUSTOMER_SOPHIE_EMAIL = 'sophie.lambert@example.com';
export const CUSTOMER_PIXELFORGE_EMAIL = 'facturation@pixelforge.example';
export const CUSTOMER_EMMA_EMAIL = 'emma.janssens@example.com';

export interface AccountSeed {
  email: string;
  role: Role;
  password: string;
  adminPassword: string | null;
  fullName: string;
  userType: UserType;
  companyName: string | null;
  vatNumber: string | null;
  address: string | null;
  phone: string | null;
  country: string;
  currency: Currency;
  language: Language;
}

const staff = (email: string, role: Role, fullName: string): AccountSeed => ({
  email,
  role,
  password: DEMO_STAFF_PASSWORD,
  adminPassword: DEMO_ADMIN_PASSWORD,
  fullName,
  userType: 'particulier',
  companyName: null,
  vatNumber: null,
  address: null,
  phone: null,
  country: 'BE',
  currency: 'EUR',
  language: 'fr',
});

const customer = (email: string, fields: Partial<AccountSeed> & Pick<AccountSeed, 'fullName'>): AccountSeed => ({
  email,
  role: 'customer',
  password: DEMO_CLIENT_PASSWORD,
  adminPassword: null,
  userType: 'particulier',
  companyName: null,
  vatNumber: null,
  address: null,
  phone: null,
  country: 'BE',
  currency: 'EUR',
  language: 'fr',
  ...fields,
});

export const ACCOUNT_SEEDS: readonly AccountSeed[] = [
  customer(DEMO_CLIENT_EMAIL, {
    fullName: 'Camille Dubois',
    address: 'Rue du Marché aux Herbes 42, 1000 Bruxelles',
    phone: '+32470123456',
  }),
  staff(DEMO_SUPPORT_EMAIL, 'support', 'Nathan Leroy'),
  staff(DEMO_SUPPORT2_EMAIL, 'support', 'Inès Durand'),
  staff(DEMO_MANAGER_EMAIL, 'manager', 'Julie Renard'),
  staff(DEMO_ADMIN_EMAIL, 'admin', 'Antoine Mercier'),
  customer(CUSTOMER_LUCAS_EMAIL, {
    fullName: 'Lucas Martin',
    address: 'Boulevard de la Sauvenière 118, 4000 Liège',
    phone: '+32485987654',
  }),
  customer(CUSTOMER_SOPHIE_EMAIL, {
    fullName: 'Sophie Lambert',
    address: '12 rue de la République, 69002 Lyon',
    phone: '+33612345678',
    country: 'FR',
  }),
  customer(CUSTOMER_PIXELFORGE_EMAIL, {
    fullName: 'Thomas Peeters',
    userType: 'business',
    companyName: 'Pixel Forge SRL',
    vatNumber: 'BE0987654394', // well-formed (mod 97): a Belgian company Peppol can address
    address: 'Avenue Louise 250, 1050 Ixelles',
    phone: '+3225551234',
  }),
  customer(CUSTOMER_EMMA_EMAIL, {
    fullName: 'Emma Janssens',
    address: 'Meir 85, 2000 Antwerpen',
    phone: '+32499112233',
    language: 'nl',
  }),
];

interface ExistingUser {
  id: number;
  email: string;
  password_hash: string | null;
  admin_password_hash: string | null;
}

/** Upserts the accounts by lower(email); returns lower(email) -> id. */
export async function seedAccounts(db: Knex, verifiedAt: Date): Promise<Map<string, number>> {
  const emails = ACCOUNT_SEEDS.map((a) => a.email.toLowerCase());
  const existing: ExistingUser[] = await db('users')
    .select('id', 'email', 'password_hash', 'admin_password_hash')
    .whereRaw(`lower(email) IN (${emails.map(() => '?').join(', ')})`, emails);
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));

  // argon2 runs on libuv's thread pool: hash (or verify) every account at once.
  const hashes = await Promise.all(
    ACCOUNT_SEEDS.map(async (account) => {
      const found = byEmail.get(account.email.toLowerCase());
      return {
        password: await keepOrHash(found?.password_hash ?? null, account.password),
        admin: account.adminPassword ? await keepOrHash(found?.admin_password_hash ?? null, account.adminPassword) : null,
      };
    }),
  );

  const ids = new Map<string, number>();
  for (const [index, account] of ACCOUNT_SEEDS.entries()) {
    const hash = hashes[index];
    if (!hash) throw new Error('seed: missing password hash');
    const key = account.email.toLowerCase();
    const profile = {
      full_name: account.fullName,
      role: account.role,
      user_type: account.userType,
      company_name: account.companyName,
      vat_number: account.vatNumber,
      address: account.address,
      phone: account.phone,
      country: account.country,
      currency: account.currency,
      language: account.language,
      password_hash: hash.password,
      admin_password_hash: hash.admin,
    };
    const found = byEmail.get(key);
    if (found) {
      // Profile and passwords back to the documented ones; verification date, wallet and duty kept.
      await db('users')
        .where({ id: found.id })
        .update({ ...profile, email_verified_at: db.raw('coalesce(email_verified_at, ?)', [verifiedAt]) });
      ids.set(key, found.id);
    } else {
      const [row] = await db('users')
        .insert({ ...profile, email: account.email, email_verified_at: verifiedAt, wallet_cents: 0 })
        .returning('id');
      if (!row) throw new Error(`seed: could not insert ${account.email}`);
      ids.set(key, (row as { id: number }).id);
    }
  }
  return ids;
}

async function keepOrHash(existingHash: string | null, plain: string): Promise<string> {
  if (existingHash) {
    try {
      if (await argon2.verify(existingHash, plain)) return existingHash;
    } catch {
      // not an argon2 hash: replace it below
    }
  }
  return argon2.hash(plain, { type: argon2.argon2id });
}

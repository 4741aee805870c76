import { formatEnterpriseNumber, type LegalForm, type SellerIdentity } from '../shared/schemas/seller';
import { parseVatNumber, sellerCountryOf } from '../shared/tax/vat-treatment';
import { belgianEnterpriseNumber } from './shared/peppol-ids';

// The seller's identity from the SELLER_* settings (README "The seller"). Outside production a
// fictional demo company stands in, the same on every page and document; a production start
// refuses to run without the registered identity, or with the demo's.

export interface SellerEnv {
  SELLER_NAME?: string;
  SELLER_LEGAL_FORM?: LegalForm;
  SELLER_ADDRESS?: string;
  SELLER_ENTERPRISE_NUMBER?: string;
  SELLER_VAT_NUMBER?: string;
  SELLER_EMAIL?: string;
  SELLER_PHONE?: string;
  SELLER_HOSTING_NAME?: string;
  SELLER_HOSTING_ADDRESS?: string;
}

/**
 * The demo shop's company: fictional, and coherent everywhere (its VAT number carries a valid
 * Belgian check digit, so its e-invoices pass the Peppol rules). The phone number is in a Brussels
 * range never given to subscribers (no Belgian number starts 02 0…), the mailbox on a reserved
 * domain (.test): nobody real is named.
 */
export const DEMO_SELLER: SellerIdentity = {
  name: 'HubHost SRL',
  legalForm: 'srl',
  address: 'Rue des Hébergeurs 12, 1000 Bruxelles',
  country: 'BE',
  enterpriseNumber: '0123.456.749',
  vatNumber: 'BE0123456749',
  email: 'contact@hubhost.test',
  phone: '+32 2 012 34 56',
  // The demo company runs its own servers: it hosts its site itself.
  hosting: { name: 'HubHost SRL', address: 'Rue des Hébergeurs 12, 1000 Bruxelles' },
};

/** What a production start needs (the phone is optional: the legal notice names it when set). */
export const SELLER_REQUIRED_IN_PRODUCTION = [
  'SELLER_NAME',
  'SELLER_LEGAL_FORM',
  'SELLER_ADDRESS',
  'SELLER_VAT_NUMBER',
  'SELLER_EMAIL',
  'SELLER_HOSTING_NAME',
  'SELLER_HOSTING_ADDRESS',
] as const;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The settings' own mistakes, and in production each that still holds the demo company's value. */
export function sellerProblems(env: SellerEnv, production: boolean): string[] {
  const problems: string[] = [];
  const vat = env.SELLER_VAT_NUMBER;
  const parsed = vat ? parseVatNumber(vat, 'BE') : null;
  if (vat && !parsed) problems.push('SELLER_VAT_NUMBER: not an EU VAT number (e.g. BE0123456749)');
  const vatEnterprise = parsed?.country === 'BE' ? belgianEnterpriseNumber(parsed.full) : null;
  if (parsed?.country === 'BE' && !vatEnterprise)
    problems.push('SELLER_VAT_NUMBER: not a Belgian VAT number (BE, then 10 digits whose last two are the check digits)');
  if (env.SELLER_ENTERPRISE_NUMBER) {
    const enterprise = belgianEnterpriseNumber(digitsOf(env.SELLER_ENTERPRISE_NUMBER));
    if (!enterprise) problems.push('SELLER_ENTERPRISE_NUMBER: not a Belgian enterprise number (10 digits, e.g. 0123.456.749)');
    else if (vatEnterprise && enterprise !== vatEnterprise)
      problems.push('SELLER_ENTERPRISE_NUMBER: differs from the one in SELLER_VAT_NUMBER');
  }
  if (production) {
    const demo: [keyof SellerEnv, boolean][] = [
      ['SELLER_VAT_NUMBER', parsed?.full === DEMO_SELLER.vatNumber],
      ['SELLER_ENTERPRISE_NUMBER', digitsOf(env.SELLER_ENTERPRISE_NUMBER ?? '') === digitsOf(DEMO_SELLER.enterpriseNumber!)],
      ['SELLER_ADDRESS', env.SELLER_ADDRESS === DEMO_SELLER.address],
      ['SELLER_EMAIL', env.SELLER_EMAIL?.toLowerCase() === DEMO_SELLER.email],
      ['SELLER_PHONE', digitsOf(env.SELLER_PHONE ?? '') === digitsOf(DEMO_SELLER.phone!)],
      ['SELLER_HOSTING_ADDRESS', env.SELLER_HOSTING_ADDRESS === DEMO_SELLER.hosting.address],
    ];
    for (const [key, isDemo] of demo) {
      if (isDemo) problems.push(`${key}: is the demo company's; set the registered company's when NODE_ENV=production`);
    }
  }
  return problems;
}

/** The identity the shop prints: the settings (checked by sellerProblems), the demo company's without them. */
export function sellerIdentityOf(env: SellerEnv): SellerIdentity {
  if (!env.SELLER_NAME && !env.SELLER_VAT_NUMBER && !env.SELLER_ADDRESS) return DEMO_SELLER;
  const vatNumber = env.SELLER_VAT_NUMBER
    ? (parseVatNumber(env.SELLER_VAT_NUMBER, 'BE')?.full ?? env.SELLER_VAT_NUMBER)
    : DEMO_SELLER.vatNumber;
  const country = sellerCountryOf(vatNumber);
  const enterprise =
    belgianEnterpriseNumber(digitsOf(env.SELLER_ENTERPRISE_NUMBER ?? '')) ?? (country === 'BE' ? belgianEnterpriseNumber(vatNumber) : null);
  const name = env.SELLER_NAME ?? DEMO_SELLER.name;
  const address = env.SELLER_ADDRESS ?? DEMO_SELLER.address;
  return {
    name,
    legalForm: env.SELLER_LEGAL_FORM ?? DEMO_SELLER.legalForm,
    address,
    country,
    enterpriseNumber: enterprise ? formatEnterpriseNumber(enterprise) : null,
    vatNumber,
    email: env.SELLER_EMAIL ?? DEMO_SELLER.email,
    phone: env.SELLER_PHONE ?? null,
    // Unset outside production: the company hosts its site itself.
    hosting: { name: env.SELLER_HOSTING_NAME ?? name, address: env.SELLER_HOSTING_ADDRESS ?? address },
  };
}

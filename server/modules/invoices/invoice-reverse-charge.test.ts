import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/languages';
import { buildInvoiceDocument, type InvoiceInput } from './invoice-document';

// EU reverse charge on the invoice (issue 8): VAT 0 %, the buyer's checked number, the legal mention.

const PAID_AT = new Date('2026-11-21T10:00:00Z');

function input(order: Partial<InvoiceInput['order']>, language: Language = 'fr'): InvoiceInput {
  return {
    order: {
      id: 7,
      status: 'paid',
      subtotal_cents: '1599',
      tax_rate: '0.00',
      tax_cents: '0',
      total_cents: '1599',
      currency: 'EUR',
      payment_method: 'card',
      transfer_reference: null,
      invoice_number: '2026-000007',
      invoiced_at: PAID_AT,
      paid_at: PAID_AT,
      created_at: PAID_AT,
      vat_scheme: 'reverse_charge',
      buyer_vat_number: 'FR12345678901',
      ...order,
    },
    lines: [{ name: 'VPS Starter', qty: 1, price_cents: 1299, support_cents: 200, margin_cents: 100, config_products: {} }],
    buyer: {
      full_name: 'Léa Bernard',
      user_type: 'business',
      company_name: 'Octet SAS',
      vat_number: 'FR 12 345678901',
      address: '3 rue de la Paix, 75002 Paris',
      country: 'FR',
    },
    seller: { name: 'HubHost SRL', address: 'Rue Royale 1, 1000 Bruxelles', vatNumber: 'BE0123456789', email: 'factures@hubhost.test' },
    bank: { iban: 'BE71096123456769', bic: 'GKCCBEBB', accountHolder: 'HubHost SRL' },
    language,
    now: PAID_AT,
  };
}

function printed(doc: ReturnType<typeof buildInvoiceDocument>): string {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') texts.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object')
      ['text', 'stack', 'columns', 'table', 'body'].forEach((key) => walk((node as Record<string, unknown>)[key]));
  };
  walk(doc.content);
  return texts.join('\n').replace(/[\u00a0\u202f]/g, ' ');
}

const MENTIONS: Record<Language, string> = {
  fr: 'Autoliquidation : TVA due par le preneur, article 196 de la directive 2006/112/CE.',
  nl: 'Verlegging van heffing: btw verschuldigd door de afnemer, artikel 196 van Richtlijn 2006/112/EG.',
  en: 'Reverse charge: VAT payable by the customer, Article 196 of Directive 2006/112/EC.',
  pl: 'Odwrotne obciążenie: VAT rozlicza nabywca, art. 196 dyrektywy 2006/112/WE.',
};

describe('invoice under reverse charge', () => {
  it('prints VAT 0 %, the number VIES confirmed at order time, and the legal mention (French)', () => {
    const text = printed(buildInvoiceDocument(input({})));
    expect(text).toContain('TVA 0 % (autoliquidation)');
    expect(text).toContain('N° TVA du preneur FR12345678901');
    expect(text).not.toContain('FR 12 345678901'); // the profile's spelling is not the checked number
    expect(text).toContain(MENTIONS.fr);
  });

  it.each(Object.entries(MENTIONS))('carries the mention in %s', (lng, mention) => {
    expect(printed(buildInvoiceDocument(input({}, lng as Language)))).toContain(mention);
  });

  it('a standard order has no mention and keeps the profile VAT number', () => {
    const text = printed(
      buildInvoiceDocument(
        input({ vat_scheme: 'standard', buyer_vat_number: null, tax_rate: '21.00', tax_cents: '336', total_cents: '1935' }),
      ),
    );
    expect(text).not.toContain('Autoliquidation');
    expect(text).toContain('TVA 21 %');
    expect(text).toContain('N° TVA FR 12 345678901');
  });
});

import { describe, expect, it } from 'vitest';
import { buildInvoiceDocument, type InvoiceInput } from './invoice-document';

const SELLER = {
  name: 'HubHost SRL',
  address: 'Rue Royale 1, 1000 Bruxelles, Belgique',
  vatNumber: 'BE0123456789',
  email: 'factures@hubhost.test',
};
const BANK = { iban: 'BE71096123456769', bic: 'GKCCBEBB', accountHolder: 'HubHost SRL' };
const PAID_AT = new Date('2026-11-21T10:00:00Z');

function input(
  overrides: { order?: Partial<InvoiceInput['order']>; buyer?: Partial<InvoiceInput['buyer']>; language?: InvoiceInput['language'] } = {},
): InvoiceInput {
  return {
    order: {
      id: 42,
      status: 'pending',
      subtotal_cents: '3198',
      tax_rate: '21.00',
      tax_cents: '672',
      total_cents: '3870',
      currency: 'EUR',
      payment_method: 'card',
      transfer_reference: null,
      invoice_number: '2026-000042',
      invoiced_at: PAID_AT,
      paid_at: PAID_AT,
      created_at: new Date('2026-11-20T18:30:00Z'),
      ...overrides.order,
    },
    lines: [
      {
        name: 'VPS Performance',
        qty: 2,
        price_cents: 1299,
        support_cents: 200,
        margin_cents: 100,
        config_products: { ram: '8 Go', cores: 4 },
      },
    ],
    buyer: {
      full_name: 'Lucas Martin',
      user_type: 'business',
      company_name: 'PixelForge SRL',
      vat_number: 'BE0987654321',
      address: 'Rue du Marché 42, 1000 Bruxelles',
      country: 'BE',
      ...overrides.buyer,
    },
    seller: SELLER,
    bank: BANK,
    language: overrides.language ?? 'fr',
    now: new Date('2026-12-01T09:00:00Z'),
  };
}

/** Where pdfmake nodes hold what is printed (the rest is style). */
const CONTAINERS = ['text', 'stack', 'columns', 'table', 'body'];

/** Every text the document prints, whitespace made plain (Intl puts no-break spaces in amounts). */
function printed(doc: ReturnType<typeof buildInvoiceDocument>): string {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') texts.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') CONTAINERS.forEach((key) => walk((node as Record<string, unknown>)[key]));
  };
  walk(doc.content);
  walk(doc.footer(1, 1));
  return texts.join('\n').replace(/[\u00a0\u202f]/g, ' ');
}

describe('buildInvoiceDocument', () => {
  it('a paid order is an invoice: its number, both parties with their VAT numbers, lines with specs and the totals', () => {
    const doc = buildInvoiceDocument(input());
    const text = printed(doc);
    expect(text).toContain('FACTURE');
    expect(text).toContain('Facture n° 2026-000042');
    expect(text).not.toContain('PRO FORMA');
    for (const expected of [
      'HubHost SRL',
      'N° TVA BE0123456789',
      'PixelForge SRL',
      'Lucas Martin',
      'Rue du Marché 42',
      'Belgique',
      'N° TVA BE0987654321',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('VPS Performance');
    expect(text).toContain('RAM : 8 Go');
    expect(text).toContain('15,99 €'); // unit price = price + support + margin
    expect(text).toContain('31,98 €');
    expect(text).toMatch(/Total HT\n31,98 €/);
    expect(text).toMatch(/TVA 21 %\n6,72 €/);
    expect(text).toMatch(/Total TTC\n38,70 €/);
    expect(text).toContain('21 novembre 2026'); // issue and payment date
    expect(text).toContain('Carte bancaire');
    expect(doc.info.title).toBe('FACTURE 2026-000042');
    expect(doc.language).toBe('fr');
  });

  it('an unpaid order is a pro forma with the order reference, dated today, that says it is not an invoice', () => {
    const doc = buildInvoiceDocument(
      input({ order: { status: 'unpaid', invoice_number: null, invoiced_at: null, paid_at: null, payment_method: null } }),
    );
    const text = printed(doc);
    expect(text).toContain('PRO FORMA');
    expect(text).toContain('Commande n° 42');
    expect(text).not.toContain('Facture n°');
    expect(text).toContain("Pro forma : ce document n'est pas une facture");
    expect(text).toContain('1 décembre 2026');
    expect(text).toContain('En attente de paiement');
  });

  it('an unpaid bank transfer carries the structured reference and the shop account; once paid, only the reference', () => {
    const reference = '+++000/0000/04242+++';
    const unpaid = printed(
      buildInvoiceDocument(
        input({
          order: {
            status: 'unpaid',
            invoice_number: null,
            invoiced_at: null,
            paid_at: null,
            payment_method: 'bank_transfer',
            transfer_reference: reference,
          },
        }),
      ),
    );
    expect(unpaid).toContain(reference);
    expect(unpaid).toContain('BE71 0961 2345 6769');
    expect(unpaid).toContain('GKCCBEBB');
    expect(unpaid).toContain('Virement bancaire');
    const paid = printed(buildInvoiceDocument(input({ order: { payment_method: 'bank_transfer', transfer_reference: reference } })));
    expect(paid).toContain(reference);
    expect(paid).not.toContain('GKCCBEBB');
  });

  it('an individual has no company line; the document speaks the buyer language', () => {
    const text = printed(
      buildInvoiceDocument(input({ buyer: { user_type: 'particulier', company_name: null, vat_number: null }, language: 'nl' })),
    );
    expect(text).not.toContain('PixelForge');
    expect(text).toContain('FACTUUR');
    expect(text).toContain('Factuurnr. 2026-000042');
    expect(text).toContain('Totaal incl. btw');
    expect(text).toContain('België');
    expect(text).toContain('€ 38,70');
    expect(text).toContain('Pagina 1 / 1');
  });
});

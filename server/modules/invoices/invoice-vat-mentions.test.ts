import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money/cart-totals';
import { pdfText } from '../../../test/support/pdf-text';
import { issuedCreditNote, issuedInvoice } from '../../../test/support/issued-documents';
import { renderDocumentPdf, type PdfDocumentInput } from './invoice-document';

// Place of supply on paper (issue 16): each VAT case prints its rate line, its breakdown and the
// legal mention art. 226 of directive 2006/112/EC asks for, in the document's language.

const read = async (input: PdfDocumentInput) => (await pdfText(await renderDocumentPdf(input))).replace(/\s+/g, ' ');
const eur = (cents: number) => formatMoney(cents, 'EUR', 'fr').replace(/[\u00a0\u202f]/g, ' ');

const REVERSE_CHARGE: Record<Language, string> = {
  fr: 'Autoliquidation : TVA due par le preneur, article 196 de la directive 2006/112/CE.',
  nl: 'Verlegging van heffing: btw verschuldigd door de afnemer, artikel 196 van Richtlijn 2006/112/EG.',
  en: 'Reverse charge: VAT payable by the customer, Article 196 of Directive 2006/112/EC.',
  pl: 'Odwrotne obciążenie: VAT rozlicza nabywca, art. 196 dyrektywy 2006/112/WE.',
};
const OSS_FR =
  "TVA France 20 % — régime OSS (guichet unique de l'UE) : service fourni par voie électronique, imposable dans l'État membre du client (article 58 de la directive 2006/112/CE).";
const ART44_FR =
  "Hors du champ d'application de la TVA de l'UE : service fourni à un assujetti établi hors de l'UE (article 44 de la directive 2006/112/CE).";
const ART59_FR =
  "Hors du champ d'application de la TVA de l'UE : service fourni par voie électronique à un client établi hors de l'UE (article 59 de la directive 2006/112/CE).";

describe('reverse charge (an EU business whose number VIES confirmed)', () => {
  const data = issuedInvoice({ customer: 'frenchCompany' });

  it('VAT 0 % (AE), the number VIES confirmed as the customer’s, and the article 196 mention', async () => {
    expect(data.vatScheme).toBe('reverse_charge');
    expect(data.vat).toEqual([{ category: 'AE', rate: 0, baseCents: 3198, taxCents: 0 }]);
    const text = await read(data);
    expect(text).toContain(`TVA 0 % (autoliquidation) ${eur(0)}`);
    expect(text).toContain(`0 % (autoliquidation) ${eur(3198)} ${eur(0)}`);
    expect(text).toContain('N° TVA du preneur FR12345678901');
    expect(text).toContain(REVERSE_CHARGE.fr);
    expect(text).toContain(`Total TTC ${eur(3198)}`);
    expect(text).not.toContain('OSS');
  });

  it.each(Object.entries(REVERSE_CHARGE))('carries the mention in %s', async (lng, mention) => {
    expect(await read(issuedInvoice({ customer: 'frenchCompany', language: lng as Language }))).toContain(mention);
  });

  it('its credit note carries the mention too', async () => {
    expect(await read(issuedCreditNote(data))).toContain(REVERSE_CHARGE.fr);
  });
});

describe('OSS (an EU consumer taxed at their member state’s rate)', () => {
  it('prints the state and its rate on the VAT line, the breakdown and the OSS mention', async () => {
    const data = issuedInvoice({ customer: 'frenchConsumer' });
    expect(data.vatScheme).toBe('oss');
    expect(data.vat).toEqual([{ category: 'S', rate: 20, baseCents: 3198, taxCents: 640 }]);
    const text = await read(data);
    expect(text).toContain(`TVA France 20 % ${eur(640)}`);
    expect(text).toContain(`20 % (France) ${eur(3198)} ${eur(640)}`);
    expect(text).toContain(OSS_FR);
    expect(text).toContain(`Total TTC ${eur(3838)}`);
    expect(text).not.toContain('Autoliquidation');
    expect(text).not.toContain('Hors du champ');
  });

  it('in English: the state’s English name', async () => {
    const text = await read(issuedInvoice({ customer: 'frenchConsumer', language: 'en' }));
    expect(text).toContain('VAT France 20 % — OSS scheme (EU One-Stop Shop)');
  });
});

describe('outside the scope of EU VAT (a customer outside the EU)', () => {
  it('a business: category O, 0 %, article 44', async () => {
    const data = issuedInvoice({ customer: 'swissCompany' });
    expect([data.vatScheme, data.legalBasis]).toEqual(['outside_scope', 'art44']);
    const text = await read(data);
    expect(text).toContain(`TVA 0 % (hors champ) ${eur(0)}`);
    expect(text).toContain(`Hors champ (0 %) ${eur(3198)} ${eur(0)}`);
    expect(text).toContain(ART44_FR);
    expect(text).not.toContain(ART59_FR);
    expect(text).toContain('Suisse');
  });

  it('a consumer: article 59', async () => {
    const data = issuedInvoice({ customer: 'americanConsumer' });
    expect(data.legalBasis).toBe('art59');
    const text = await read(data);
    expect(text).toContain(ART59_FR);
    expect(text).not.toContain(ART44_FR);
    expect(text).toContain('États-Unis');
  });
});

describe('standard (a Belgian customer)', () => {
  it('has no mention', async () => {
    const text = await read(issuedInvoice({ customer: 'belgianCompany' }));
    expect(text).toContain(`TVA 21 % ${eur(672)}`);
    for (const mention of ['Autoliquidation', 'OSS', 'Hors du champ', 'Hors champ']) expect(text).not.toContain(mention);
  });
});

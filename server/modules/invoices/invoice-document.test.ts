import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money/cart-totals';
import { pdfText } from '../../../test/support/pdf-text';
import { issuedCreditNote, issuedInvoice, proFormaInvoice } from '../../../test/support/issued-documents';
import { renderDocumentPdf, type PdfDocumentInput } from './invoice-document';

// The PDF of an issued invoice, a pro forma and a credit note, from the frozen facts only, read
// back as a reader sees it (pdftotext).

const read = async (input: PdfDocumentInput) => pdfText(await renderDocumentPdf(input));
const eur = (cents: number, lng: Language = 'fr') => formatMoney(cents, 'EUR', lng).replace(/[\u00a0\u202f]/g, ' ');
const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `label` followed on its line by `amount` (the totals box, read left to right). */
const line = (label: string, amount: string) => new RegExp(`${esc(label)}\\s+${esc(amount)}`);

describe('PDF of an invoice', () => {
  it('prints both parties with their VAT and enterprise numbers, the lines, the VAT per rate and the totals, paid in full', async () => {
    const data = issuedInvoice();
    expect(data.totals).toMatchObject({ netCents: 3198, taxCents: 672, totalCents: 3870, prepaidCents: 3870, payableCents: 0 });
    const text = await read(data);
    expect(text).toContain('FACTURE');
    expect(text).toContain('Facture n° 2026-000042');
    expect(text).not.toContain('PRO FORMA');
    for (const expected of [
      'HubHost SRL',
      'N° TVA BE0123456749',
      "N° d'entreprise 0123.456.749",
      'PixelForge SRL',
      'Lucas Martin',
      'Rue du Marché 42',
      'Belgique',
      'N° TVA BE0477472701',
      "N° d'entreprise 0477.472.701",
      'VPS Performance',
      'RAM : 8 Go',
      '21 novembre 2026',
      'Carte bancaire',
      'Payée',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/RÉCAPITULATIF DE LA TVA/);
    expect(text).toMatch(new RegExp(`^\\s*21 %\\s+${esc(eur(3198))}\\s+${esc(eur(672))}`, 'm'));
    expect(text).toMatch(line('Total HT', eur(3198)));
    expect(text).toMatch(line('TVA 21 %', eur(672)));
    expect(text).toMatch(line('Total TTC', eur(3870)));
    expect(text).toMatch(line('Déjà payé', eur(-3870)));
    expect(text).toMatch(line('Montant dû', eur(0)));
    expect(text).not.toContain('Arrondi');
    expect(text).toContain('Facture acquittée le 21 novembre 2026');
    for (const mention of ['Autoliquidation', 'OSS', 'Hors du champ']) expect(text).not.toContain(mention);
  });

  it('two rates: one breakdown row each, VAT rounded per rate, and « Total TVA »', async () => {
    const data = issuedInvoice({
      lines: [
        { name: 'VPS Performance', qty: 1, unitNetCents: 1001, rate: 21 },
        { name: 'Livre blanc', qty: 1, unitNetCents: 999, rate: 6 },
      ],
    });
    expect(data.vat.map((s) => [s.rate, s.baseCents, s.taxCents])).toEqual([
      [21, 1001, 210],
      [6, 999, 60],
    ]);
    const text = await read(data);
    expect(text).toMatch(new RegExp(`^\\s*21 %\\s+${esc(eur(1001))}\\s+${esc(eur(210))}`, 'm'));
    // pdftotext may glue a one-digit rate to its sign.
    expect(text).toMatch(new RegExp(`^\\s*6 ?%\\s+${esc(eur(999))}\\s+${esc(eur(60))}`, 'm'));
    expect(text).toMatch(line('Total TVA', eur(270)));
    expect(text).toMatch(line('Total TTC', eur(2270)));
  });

  it('a renewal names the period it pays for and its due date', async () => {
    const text = await read(issuedInvoice({ servicePeriod: { from: '2026-12-31', to: '2027-01-31' } }));
    expect(text).toContain('Période de service : du 31 décembre 2026 au 31 janvier 2027');
    expect(text).toMatch(/Date d'échéance\s+31 décembre 2026/);
  });

  it('speaks the document language: Dutch labels, country names and amounts', async () => {
    const text = await read(issuedInvoice({ language: 'nl' }));
    for (const expected of [
      'FACTUUR',
      'Factuurnr. 2026-000042',
      'België',
      'Ondernemingsnr. 0477.472.701',
      'BTW-OVERZICHT',
      'Pagina 1 / 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(line('Totaal incl. btw', eur(3870, 'nl')));
    expect(text).not.toContain('Total TTC');
  });
});

describe('PDF of a pro forma (an order not paid yet)', () => {
  const unpaidTransfer = proFormaInvoice({ method: 'bank_transfer', structuredReference: '+++000/0000/04242+++' });

  it('bears the order reference and the notice, never an invoice number, and says what is due', async () => {
    const text = await read(unpaidTransfer);
    expect(text).toContain('PRO FORMA');
    expect(text).toContain('Commande n° 42');
    expect(text).not.toContain('Facture n°');
    expect(text).toContain("Pro forma : ce document n'est pas une facture");
    expect(text).toContain('En attente de paiement');
    expect(text).toMatch(line('Total TTC', eur(3870)));
    expect(text).not.toContain('Déjà payé');
  });

  it('an unpaid bank transfer carries the shop account and the structured communication; once paid, only the communication', async () => {
    const unpaid = await read(unpaidTransfer);
    expect(unpaid).toContain('+++000/0000/04242+++');
    expect(unpaid).toContain('BE71 0961 2345 6769');
    expect(unpaid).toContain('GKCCBEBB');
    expect(unpaid).toContain('Virement bancaire');
    expect(unpaid).toContain(`Merci de virer ${eur(3870)} en indiquant exactement la communication structurée +++000/0000/04242+++.`);

    const paid = await read(issuedInvoice({ method: 'bank_transfer', structuredReference: '+++000/0000/04242+++' }));
    expect(paid).toContain('+++000/0000/04242+++');
    expect(paid).not.toContain('GKCCBEBB');
  });
});

describe('PDF of a credit note', () => {
  it('names the invoice it corrects and why, with the credited amounts as positive values and the rounding', async () => {
    const credit = issuedCreditNote(issuedInvoice(), { amountCents: 1000 });
    expect(credit.totals).toMatchObject({ netCents: 826, taxCents: 173, totalCents: 999, roundingCents: 1, payableCents: 1000 });
    const text = await read(credit);
    expect(text).toContain('NOTE DE CRÉDIT');
    expect(text).toContain('Note de crédit n° NC-2026-000007');
    expect(text).toContain('Corrige la facture n° 2026-000042 du 21 novembre 2026');
    expect(text).toContain('Motif : Service interrompu pendant 3 jours');
    expect(text).toMatch(new RegExp(`^\\s*21 %\\s+${esc(eur(826))}\\s+${esc(eur(173))}`, 'm'));
    expect(text).toMatch(line('Total HT', eur(826)));
    expect(text).toMatch(line('TVA 21 %', eur(173)));
    expect(text).toMatch(line('Total TTC', eur(999)));
    expect(text).toMatch(line('Arrondi', eur(1)));
    expect(text).toMatch(line('Montant crédité', eur(1000)));
    expect(text).not.toMatch(/[-\u2212]\s?\d+,\d{2} €/); // no negative amount
    expect(text).not.toContain('FACTURE');
    expect(text).not.toContain('Pro forma');
  });

  it.each([
    ['fr', 'NOTE DE CRÉDIT', 'Corrige la facture n° 2026-000042 du 21 novembre 2026'],
    ['nl', 'CREDITNOTA', 'Corrigeert factuur nr. 2026-000042 van 21 november 2026'],
    ['en', 'CREDIT NOTE', 'Corrects invoice no. 2026-000042 of November 21, 2026'],
    ['pl', 'FAKTURA KORYGUJĄCA', 'Korekta faktury nr 2026-000042 z dnia 21 listopada 2026'],
  ] as const)('in %s: its title and its reference to the invoice', async (lng, title, corrects) => {
    const text = await read(issuedCreditNote(issuedInvoice({ language: lng })));
    expect(text).toContain(title);
    expect(text).toContain(corrects);
  });
});

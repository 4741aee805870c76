// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { DELETE_AFTER_DAYS, SUSPEND_AFTER_DAYS } from '../../../../shared/billing/service-period';
import { renderPage } from '../../testing/render-page';
import { TEST_SELLER } from '../../testing/seller-fixture';
import { CookiePolicyPage } from './cookie-policy-page';
import { LEGAL_SECTIONS, type LegalDoc } from './legal-documents';
import { LegalNoticePage } from './legal-notice-page';
import { PaymentTermsPage } from './payment-terms-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

afterEach(cleanup);

const PAGES: [LegalDoc, string, () => ReactElement, string][] = [
  ['terms', 'conditions-generales', () => <TermsPage />, 'Conditions générales'],
  ['payment', 'conditions-payment', () => <PaymentTermsPage />, 'Conditions de paiement'],
  ['privacy', 'politique-confidentialite', () => <PrivacyPage />, 'Politique de confidentialité'],
  ['notice', 'mentions-legales', () => <LegalNoticePage />, 'Mentions légales'],
  ['cookies', 'politique-cookies', () => <CookiePolicyPage />, 'Politique cookies'],
];

function render(doc: LegalDoc) {
  const [, path, page] = PAGES.find(([d]) => d === doc)!;
  renderPage(page(), { path, url: `/fr/${path}`, data: { seller: TEST_SELLER } });
  return document.querySelector('article')!.textContent!.replace(/\s+/g, ' ');
}

describe('legal pages', () => {
  it.each(PAGES)('%s: a title, a table of contents and one titled section per key, anchors matching', (doc, path, page, title) => {
    renderPage(page(), { path, url: `/fr/${path}`, data: { seller: TEST_SELLER } });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    const toc = screen.getByRole('navigation', { name: 'Sommaire' });
    const links = within(toc).getAllByRole('link');
    expect(links).toHaveLength(LEGAL_SECTIONS[doc].length);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target?.tagName).toBe('SECTION');
      const heading = within(target!).getByRole('heading', { level: 2 });
      expect(heading.textContent).toContain(link.textContent);
      expect(target!.querySelector('p, li')?.textContent).toBeTruthy();
    }
    // Every interpolation was filled in.
    expect(document.body.textContent).not.toMatch(/\{\{|\}\}|legal\./);
  });

  it('the terms carry the delivery, payment, suspension, deletion, refund, law and uptime rules', () => {
    const text = render('terms');
    expect(text).toContain('3 à 4 jours ouvrables après la réception du paiement');
    expect(text).toContain('1 à 2 jours ouvrables');
    expect(text).toContain('au plus tard 3 jours avant l’échéance'.replace('’', "'"));
    expect(text).toContain('impayée 7 jours après l');
    expect(text).toContain('conservées 30 jours puis supprimées');
    expect(text).toMatch(/ni droit de rétractation ni remboursement/);
    expect(text).toContain('droit belge');
    expect(text).toContain('tribunaux de Bruxelles');
    expect(text).toMatch(/99,99\s%/);
    expect(text).toMatch(/99,9\s%/);
    expect(text).toContain('objectifs et non une garantie');
  });

  it('the payment terms carry the delivery, transfer, recurring, suspension and deletion rules of the billing jobs', () => {
    const text = render('payment');
    expect(text).toContain('3 à 4 jours ouvrables');
    expect(text).toContain('1 à 2 jours ouvrables');
    expect(text).toContain('au plus tard 3 jours avant la date d');
    // Issue 21: what the automatic renewal does (charge 3 days ahead, retries the day before and on the day).
    expect(text).toContain('réglée automatiquement 3 jours avant l');
    expect(text).toContain('la veille puis le jour de l');
    expect(text).toContain(`suspendu ${SUSPEND_AFTER_DAYS} jours après l`);
    // Issue 17: the deletion delay is the one the billing rules apply (30 days), not 7.
    expect(text).toContain(`${DELETE_AFTER_DAYS} jours après sa suspension`);
    expect(DELETE_AFTER_DAYS).toBe(30);
    expect(text).toContain('aucun remboursement');
  });

  it('the cookie policy names the consent cookie (150 days), the necessary keys and no trackers', () => {
    const text = render('cookies');
    expect(text).toContain('site_cookie_consent');
    expect(text).toContain('150 jours');
    for (const key of ['user', 'token', 'cart', 'lng']) {
      expect(screen.getByText(key, { selector: 'code' })).toBeTruthy();
    }
    expect(text).toContain('strictement nécessaire');
    expect(text).toContain('Aucun traceur tiers');
  });

  it("the legal notice names the configured seller: form, office, enterprise and VAT numbers, mailbox, phone and the site's host", () => {
    const text = render('notice');
    expect(text).toContain('Le site est édité par Nordhost SRL, société à responsabilité limitée (SRL) de droit belge.');
    expect(text).toContain('Siège : Rue Royale 1, 1000 Bruxelles, Belgique');
    expect(text).toContain("Numéro d'entreprise (BCE) : 0456.789.034");
    expect(text).toContain('Numéro de TVA : BE0456789034');
    expect(text).toContain('E-mail : contact@nordhost.test');
    expect(text).toContain('Téléphone : +32 2 012 98 76');
    expect(text).toContain('Le site est hébergé par OVH SAS, 2 rue Kellermann, 59100 Roubaix, France.');
    // Nothing of the old placeholders.
    expect(text).not.toMatch(/exemple|XXX|à remplacer/i);
  });

  it('leaves the phone line out when the company gave none, and names the controller in the privacy policy', () => {
    renderPage(<LegalNoticePage />, {
      path: 'mentions-legales',
      url: '/fr/mentions-legales',
      data: { seller: { ...TEST_SELLER, phone: null } },
    });
    expect(document.querySelector('article')!.textContent).not.toContain('Téléphone');
    cleanup();
    expect(render('privacy')).toContain('Le responsable du traitement est Nordhost SRL, Rue Royale 1, 1000 Bruxelles, Belgique');
  });
});

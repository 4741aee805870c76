import { describe, expect, it } from 'vitest';
import en from '../../../../shared/locales/en.json';
import fr from '../../../../shared/locales/fr.json';
import nl from '../../../../shared/locales/nl.json';
import pl from '../../../../shared/locales/pl.json';
import { LEGAL_SECTIONS } from './legal-documents';

type Doc = { title: string; intro: string; sections: Record<string, { title: string; body: string }> };

describe('legal texts in every language', () => {
  it.each([
    ['fr', fr],
    ['nl', nl],
    ['en', en],
    ['pl', pl],
  ])('%s has a title, an intro and exactly the listed sections of every page', (_lng, texts) => {
    for (const [doc, keys] of Object.entries(LEGAL_SECTIONS)) {
      const page = (texts.legal as unknown as Record<string, Doc>)[doc]!;
      expect(page.title).toBeTruthy();
      expect(page.intro).toBeTruthy();
      expect(Object.keys(page.sections)).toEqual([...keys]);
      for (const key of keys) {
        expect(page.sections[key]!.title).toBeTruthy();
        expect(page.sections[key]!.body.length).toBeGreaterThan(20);
      }
    }
  });

  it.each([
    ['nl', nl, /3 tot 4 werkdagen/, /99,99%/, /Brussel/],
    ['en', en, /3 to 4 working days/, /99\.99%/, /Brussels/],
    ['pl', pl, /3–4 dni roboczych/, /99,99%/, /Brukseli/],
  ])('%s states the same constants', (_lng, texts, delivery, uptime, court) => {
    const all = JSON.stringify(texts.legal);
    expect(all).toMatch(delivery);
    expect(all).toMatch(uptime);
    expect(all).toMatch(court);
    expect(all).toContain('150');
    expect(all).toContain('site_cookie_consent');
  });
});

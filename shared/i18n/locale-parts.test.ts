import { describe, expect, it } from 'vitest';
import fr from '../locales/fr.json';
import { LEGAL_SECTIONS, LOCALE_PARTS, localePart, SITE_SECTIONS } from './locale-parts';

describe('the three parts of a language’s texts', () => {
  it('hold every top-level section exactly once: nothing is lost between them', () => {
    const parts = LOCALE_PARTS.map((part) => localePart(fr, part));
    const sections = parts.flatMap((texts) => Object.keys(texts));
    expect(sections.sort()).toEqual(Object.keys(fr).sort());
    expect(Object.assign({}, ...parts)).toEqual(fr);
  });

  it('name only sections the locale files have', () => {
    for (const section of [...SITE_SECTIONS, ...LEGAL_SECTIONS]) expect(fr).toHaveProperty(section);
  });

  it('keep the header, footer and public pages’ sections in the site part, the back-office and mails out of it', () => {
    const site = localePart(fr, 'site');
    for (const section of ['nav', 'footer', 'home', 'hosting', 'shop', 'contact', 'cookies', 'cart', 'dialog']) {
      expect(site).toHaveProperty(section);
    }
    for (const section of ['staff', 'mail', 'invoice', 'panel', 'legal', 'register']) expect(site).not.toHaveProperty(section);
    expect(Object.keys(localePart(fr, 'legal'))).toEqual(['legal']);
  });
});

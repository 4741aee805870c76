import { describe, expect, it } from 'vitest';
import fr from '../locales/fr.json';
import { APP_SECTIONS, localePart } from './locale-parts';

describe('the two parts of a language’s texts', () => {
  it('hold every top-level section exactly once: nothing is lost between them', () => {
    const site = localePart(fr, 'site');
    const app = localePart(fr, 'app');
    expect(Object.keys(app).sort()).toEqual([...APP_SECTIONS].sort());
    expect(Object.keys(site).filter((section) => section in app)).toEqual([]);
    expect({ ...site, ...app }).toEqual(fr);
  });

  it('keep the header, footer and public pages’ sections in the site part', () => {
    const site = localePart(fr, 'site');
    for (const section of ['nav', 'footer', 'home', 'hosting', 'shop', 'legal', 'contact', 'cookies', 'cart', 'panel'] as const) {
      expect(site).toHaveProperty(section);
    }
  });
});

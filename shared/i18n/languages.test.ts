import { describe, expect, it } from 'vitest';
import { isLanguage, switchLanguageInPath } from './languages';

describe('languages', () => {
  it('knows the four languages and nothing else', () => {
    expect(['fr', 'nl', 'en', 'pl'].every(isLanguage)).toBe(true);
    expect(isLanguage('de')).toBe(false);
    expect(isLanguage('')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it('swaps only the first segment and keeps the rest of the path, query and hash', () => {
    expect(switchLanguageInPath('/fr/Hosting', 'nl')).toBe('/nl/Hosting');
    expect(switchLanguageInPath('/fr/reset-password?token=abc#top', 'pl')).toBe('/pl/reset-password?token=abc#top');
    expect(switchLanguageInPath('/en/dashboard-admin/3', 'fr')).toBe('/fr/dashboard-admin/3');
    expect(switchLanguageInPath('/fr/', 'en')).toBe('/en/');
    expect(switchLanguageInPath('/fr', 'en')).toBe('/en/');
  });
});

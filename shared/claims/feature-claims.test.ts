import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SEEDS, PRODUCT_SEEDS } from '../../seeds/catalog';
import { TIER_SLUGS } from '../catalog/hosting-tiers';
import { LANGUAGES } from '../i18n/languages';
import { FEATURE_CLAIMS, FEATURE_WORDS, NOT_OFFERED_YET, type FeatureWord } from './feature-claims';

// Issue 34: no page promises what the shop does not do, in any language.

const root = new URL('../../', import.meta.url);
const locales = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, JSON.parse(readFileSync(new URL(`shared/locales/${lng}.json`, root), 'utf8')) as unknown]),
);

function textsOf(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => textsOf(child, prefix ? `${prefix}.${key}` : key));
}

const wordsIn = (text: string) => (Object.keys(FEATURE_WORDS) as FeatureWord[]).filter((word) => FEATURE_WORDS[word].test(text));
const claimOf = new Map(FEATURE_CLAIMS.map((claim) => [claim.key, claim]));

describe('feature claims in the locale texts', () => {
  it('every text that names a feature, in every language, is a listed claim with what backs it', () => {
    const unbacked = LANGUAGES.flatMap((lng) =>
      textsOf(locales[lng]).flatMap(([key, text]) =>
        wordsIn(text)
          .filter((word) => !claimOf.get(key)?.words.includes(word))
          .map((word) => `${lng} ${key}: "${word}" in "${text}"`),
      ),
    );
    expect(unbacked).toEqual([]);
  });

  it('names a feature the panel does not have yet only to deny it or as a staff setting', () => {
    const promised = FEATURE_CLAIMS.filter(
      (claim) => claim.words.some((word) => NOT_OFFERED_YET.includes(word)) && 'code' in claim.backedBy,
    ).map((claim) => claim.key);
    expect(promised).toEqual([]);
  });

  it('lists no claim that is gone, and each code backing a claim exists', () => {
    const keys = new Set(textsOf(locales.fr).map(([key]) => key));
    expect(FEATURE_CLAIMS.map((claim) => claim.key).filter((key) => !keys.has(key))).toEqual([]);
    const missingCode = FEATURE_CLAIMS.flatMap((claim) =>
      'code' in claim.backedBy && !existsSync(new URL(claim.backedBy.code, root)) ? [claim.backedBy.code] : [],
    );
    expect(missingCode).toEqual([]);
  });

  it('catches an unbacked promise in any language (the check itself works)', () => {
    expect(wordsIn('Accès FTP et console en temps réel')).toEqual(expect.arrayContaining(['ftp', 'console', 'liveStock']));
    expect(wordsIn('Installation en un clic, sauvegardes quotidiennes')).toEqual(['backups', 'oneClick']);
    expect(wordsIn('Dagelijkse back-ups en een live console')).toEqual(['console', 'backups']);
    expect(wordsIn('Codzienne kopie zapasowe i konsola')).toEqual(['console', 'backups']);
    expect(wordsIn('CPU load over the last 12 hours')).toEqual(['usageGraphs']);
  });
});

describe('feature claims in the demo catalogue', () => {
  const productTexts = PRODUCT_SEEDS.flatMap((product) => [
    { product, text: `${product.name} ${product.description}` },
    ...Object.values(product.translations).map((texts) => ({ product, text: `${texts.name} ${texts.description}` })),
  ]);

  it('no product text, in any language, names a feature the shop does not offer yet', () => {
    const promised = productTexts.flatMap(({ product, text }) =>
      wordsIn(text)
        .filter((word) => NOT_OFFERED_YET.includes(word))
        .map((word) => `${product.slug}: "${word}" in "${text}"`),
    );
    expect(promised).toEqual([]);
  });

  it('a product whose text or subcategory says NVMe has NVMe storage', () => {
    const wrong = productTexts
      .filter(
        ({ product, text }) =>
          (FEATURE_WORDS.nvme.test(text) || FEATURE_WORDS.nvme.test(product.subcategory)) && product.storageType !== 'NVMe',
      )
      .map(({ product }) => product.slug);
    expect(wrong).toEqual([]);
    const inSsdSubcategory = PRODUCT_SEEDS.filter((p) => /\bSSD\b/.test(p.subcategory) && p.storageType !== 'SSD').map((p) => p.slug);
    expect(inSsdSubcategory).toEqual([]);
  });

  it('backs the claims that name the demo catalogue: the Premium tier is NVMe, Linux has SSD and NVMe offers', () => {
    expect(PRODUCT_SEEDS.find((p) => p.slug === TIER_SLUGS.premium)?.storageType).toBe('NVMe');
    const linux = new Set(PRODUCT_SEEDS.filter((p) => p.category === 'Classique Linux').map((p) => p.storageType));
    expect([...linux].sort()).toEqual(['NVMe', 'SSD']);
    expect(CATEGORY_SEEDS.some((c) => c.name === 'Classique Linux')).toBe(true);
  });

  it('the spec tiers are products named Basic, Standard and Premium at 5, 10 and 20 euros a month', () => {
    const tiers = Object.values(TIER_SLUGS).map((slug) => PRODUCT_SEEDS.find((p) => p.slug === slug)!);
    expect(tiers.map((p) => [p.name, p.priceCents + p.supportCents + p.marginCents])).toEqual([
      ['VPS Basic', 500],
      ['VPS Standard', 1000],
      ['VPS Premium', 2000],
    ]);
  });
});

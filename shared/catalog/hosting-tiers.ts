/**
 * The Hosting page's three tiers (spec: "Basic 5 euros per month, Standard 10 and Premium 20") are
 * these products of the catalogue, named so and priced so in the demo (seeds/catalog.ts); staff
 * keep their prices. A tier whose product is gone is not shown.
 */
export const TIER_SLUGS = { basic: 'vps-basic', standard: 'vps-standard', premium: 'vps-premium' } as const;
export type TierId = keyof typeof TIER_SLUGS;
export const TIER_IDS = Object.keys(TIER_SLUGS) as TierId[];

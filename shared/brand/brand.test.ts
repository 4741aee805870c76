import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_COLOURS, BRAND_LOGO_SVG } from './brand';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the brand of PDFs and mails is the site’s', () => {
  it('same colours as the design tokens', () => {
    const tokens = read('client/src/styles/tokens.css');
    const token = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(tokens)?.[1]?.trim();
    expect(BRAND_COLOURS.navy).toBe(token('navy-900'));
    expect(BRAND_COLOURS.navySoft).toBe(token('navy-700'));
    expect(BRAND_COLOURS.green).toBe(token('accent'));
    expect(BRAND_COLOURS.greenInk).toBe(token('accent-ink'));
    expect(BRAND_COLOURS.greenText).toBe(token('accent-text'));
    expect(BRAND_COLOURS.greenSoft).toBe(token('accent-soft'));
    expect(BRAND_COLOURS.ink).toBe(token('ink'));
    expect(BRAND_COLOURS.muted).toBe(token('ink-muted'));
  });

  it('same logo as the site’s', () => {
    expect(BRAND_LOGO_SVG.trim()).toBe(read('client/public/logo.svg').trim());
  });
});

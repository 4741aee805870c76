import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storageClaim, type StorageClaim } from '../../shared/catalog/storage-types';
import { FEATURE_CLAIMS, FEATURE_WORDS, NOT_OFFERED_YET } from '../../shared/claims/feature-claims';
import { LANGUAGES, type Language } from '../../shared/i18n/languages';
import en from '../../shared/locales/en.json';
import fr from '../../shared/locales/fr.json';
import nl from '../../shared/locales/nl.json';
import pl from '../../shared/locales/pl.json';
import type { Product } from '../../shared/schemas/product';
import { PUBLIC_PAGES } from '../../shared/site/public-pages';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser';

// Issue 18: public pages arrive with their content and are hydrated without a complaint or a shift.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Errors and warnings of the page (React reports a hydration mismatch there) and how much its layout shifted. */
async function openWatched(path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'site_cookie_consent', value: 'accepted', url: baseUrl }]);
  const page = await context.newPage();
  const complaints: string[] = [];
  const productCalls: string[] = [];
  page.on('pageerror', (err) => complaints.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') complaints.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/products') productCalls.push(request.url());
  });
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  const layoutShift = () => page.evaluate(() => (window as unknown as { __shifts: { total: number } }).__shifts.total);
  return { page, complaints, productCalls, layoutShift, close: () => context.close() };
}

/** React marks the container it rendered into; the server's HTML alone does not have it. */
async function waitForHydration(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer'))))
    .toBe(true);
}

describe('public pages rendered on the server', () => {
  it('show their content without JavaScript', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/fr/boutique`);
    await expect.poll(() => page.locator('.tile-offer').count()).toBeGreaterThan(3);
    expect(await page.locator('.tile-offer .stock').first().textContent()).toMatch(/En stock|Bientôt épuisé|Indisponible/);
    expect(await page.locator('.tile-offer__price').first().textContent()).toMatch(/€/);
    await page.goto(`${baseUrl}/pl/`);
    expect(await page.locator('h1').first().textContent()).toBe(pl.home.hero.title);
    expect(await page.getAttribute('html', 'lang')).toBe('pl');
    await context.close();
  });

  for (const path of ['/fr/', '/fr/Hosting', '/fr/boutique', '/pl/']) {
    it(`${path} hydrates without a warning, a second catalogue fetch or a layout shift`, async () => {
      const watched = await openWatched(path);
      expect(watched.complaints).toEqual([]);
      expect(watched.productCalls).toEqual([]);
      expect(await watched.layoutShift()).toBeLessThan(0.05);
      await watched.close();
    });
  }

  // Spec §9: home fades in after 300 ms, Hosting after 200 ms, on the server's HTML as after a link.
  for (const [path, delay] of [
    ['/fr/', 300],
    ['/fr/Hosting', 200],
  ] as const) {
    it(`${path} fades its content in after ${delay} ms on a page the server rendered`, async () => {
      const watched = await openWatched(path);
      const timings = await watched.page.evaluate(() =>
        [...document.querySelectorAll('.fade-in')].map((block) =>
          block.getAnimations().map((animation) => animation.effect?.getTiming().delay),
        ),
      );
      expect(timings.length).toBeGreaterThan(0);
      expect(timings).toEqual(timings.map(() => [delay]));
      await expect
        .poll(() =>
          watched.page
            .locator('.fade-in')
            .first()
            .evaluate((block) => getComputedStyle(block).opacity),
        )
        .toBe('1');
      await watched.close();
    });
  }

  it('the hydrated shop answers clicks in place, and another page comes rendered by the server', async () => {
    const watched = await openWatched('/fr/boutique', VIEWPORTS.phone);
    const { page } = watched;
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await page.locator('.category-tile__title a').first().click();
    await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await screenshot(page, 'ssr-shop-category-375');
    // Home, reached by a link: its own document, with the prices the server read, hydrated as it is.
    await page.locator('.site-header a.brand').click();
    await page.waitForURL(`${baseUrl}/fr/`);
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBeUndefined();
    expect(await page.locator('h1').first().textContent()).toBeTruthy();
    expect(watched.productCalls).toEqual([]);
    expect(watched.complaints).toEqual([]);
    await watched.close();
  });
});

// Issue 34: every word true, in every language. Each public page, as a visitor reads it once
// hydrated, shows no placeholder, no text the translations failed to fill, and no promise the
// shop or its catalogue does not back.
const LOCALES: Record<Language, unknown> = { fr, nl, en, pl };

/** The locale text at a dotted key. */
const textAt = (lng: Language, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], LOCALES[lng]) as string;

/** A locale text as a pattern over the page's text: its {{values}} filled by anything, its spaces any spacing. */
const asPattern = (text: string) =>
  text
    .trim()
    .split(/\{\{\s*\w+\s*\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'))
    .join('.+?');

/** A text the translations did not fill: its key (`shop.stock.in`) shown as it is, under a section of the locale files. */
const RAW_KEY = new RegExp(`(?<![\\w@/.:-])(?:${Object.keys(fr).join('|')})\\.[a-zA-Z]+(?:\\.[a-zA-Z]+)*(?![\\w@/-]|\\.[a-zA-Z])`);

const PLACEHOLDERS: readonly RegExp[] = [
  /XXX/,
  /exemple de format|voorbeeldformaat|example format|przykładowy format/i,
  /à remplacer|to be replaced|te vervangen|do zastąpienia/i,
  /\bexample\.(com|org|net)\b|hubhost\.example|rue de l'exemple/i,
  /lorem ipsum/i,
  /\{\{\s*\w+\s*\}\}/,
  /\bundefined\b|\bNaN\b|\[object Object\]/,
  RAW_KEY,
];

/** The storage sentences about every offer that a catalogue of each kind makes false. */
const CONTRADICTED_STORAGE_CLAIMS: Record<StorageClaim, StorageClaim[]> = {
  nvme: [],
  flash: ['nvme'],
  mixed: ['nvme', 'flash'],
  none: ['nvme', 'flash'],
};

/** The public pages that say what disks the offers run on. */
const STORAGE_PAGES = ['home', 'hosting'];

describe('every public page in every language says only what is true', () => {
  let context: BrowserContext;
  let catalogueClaim: StorageClaim;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addCookies([{ name: 'site_cookie_consent', value: 'accepted', url: baseUrl }]);
    const products = (await (await fetch(`${baseUrl}/api/products`)).json()) as Product[];
    catalogueClaim = storageClaim(products);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the placeholder patterns catch what they are meant to (the check itself works)', () => {
    const caught = (text: string) => PLACEHOLDERS.some((pattern) => pattern.test(text));
    for (const text of [
      'BE0XXX.XXX.XXX (exemple de format, à remplacer)',
      'contact@hubhost.example',
      'Prix : NaN €',
      'shop.stock.in',
      'Bonjour {{name}}',
    ]) {
      expect(caught(text), text).toBe(true);
    }
    for (const text of ['support@hubhost.be', 'https://panel.hubhost.be/fr/', 'Rue des Hébergeurs 12, 1000 Bruxelles', 'BE0123456749']) {
      expect(caught(text), text).toBe(false);
    }
  });

  for (const lng of LANGUAGES) {
    /** The sentences that name a feature the shop does not offer yet only to deny it (FEATURE_CLAIMS). */
    const denials = FEATURE_CLAIMS.filter((claim) => 'denial' in claim.backedBy).flatMap((claim) =>
      textAt(lng, claim.key)
        .split(/\n+/)
        .map((paragraph) => new RegExp(asPattern(paragraph), 'g')),
    );
    const storageTexts = (claim: StorageClaim) =>
      [`home.features.storage.${claim}.text`, `hosting.features.performance.${claim}`].map((key) => textAt(lng, key));

    for (const { path, key } of PUBLIC_PAGES) {
      it(`/${lng}/${path} hydrates without a complaint and shows no placeholder or promise the shop does not back`, async () => {
        const page = await context.newPage();
        // Issue 32: React reports a hydration mismatch as an error of the page.
        const complaints: string[] = [];
        page.on('pageerror', (err) => complaints.push(`pageerror: ${err.message}`));
        page.on('console', (msg) => {
          if (msg.type() === 'error' || msg.type() === 'warning') complaints.push(`${msg.type()}: ${msg.text()}`);
        });
        await page.goto(`${baseUrl}/${lng}/${path}`, { waitUntil: 'networkidle' });
        await waitForHydration(page);
        expect(complaints).toEqual([]);
        const text = await page.evaluate(() => document.body.innerText);
        expect(text.length).toBeGreaterThan(200);
        const placeholders = PLACEHOLDERS.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
        expect(placeholders).toEqual([]);

        const withoutDenials = denials.reduce((rest, denial) => rest.replace(denial, ' '), text);
        const promised = NOT_OFFERED_YET.flatMap((word) => withoutDenials.match(FEATURE_WORDS[word])?.[0] ?? []);
        expect(promised).toEqual([]);

        // "NVMe on every offer" only when every offer is NVMe; "SSD or NVMe on every offer" not with an HDD one.
        const contradicted = CONTRADICTED_STORAGE_CLAIMS[catalogueClaim].flatMap(storageTexts);
        expect(contradicted.filter((claim) => text.includes(claim))).toEqual([]);
        // The pages that speak of storage say what the catalogue backs, word for word as read above.
        const backed = storageTexts(catalogueClaim).some((claim) => text.includes(claim));
        expect(backed).toBe(STORAGE_PAGES.includes(key));
        await page.close();
      });
    }
  }
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pl from '../../shared/locales/pl.json';
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

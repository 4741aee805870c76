import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import en from '../../shared/locales/en.json';
import fr from '../../shared/locales/fr.json';
import nl from '../../shared/locales/nl.json';
import pl from '../../shared/locales/pl.json';
import { launchBrowser, screenshot, VIEWPORTS, watchProblems } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  // The cookie banner (tested in storefront.e2e.ts) is answered, so it covers nothing here.
  await context.addCookies([{ name: 'site_cookie_consent', value: 'accepted', url: baseUrl }]);
  page = await context.newPage();
  problems = watchProblems(page);
});

describe('language prefix', () => {
  it('sends an unknown language to /fr and shows the French shop', async () => {
    await page.goto(`${baseUrl}/de/`);
    await page.waitForURL((url) => /^\/fr\/?$/.test(url.pathname));
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(fr.home.hero.title);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(problems).toEqual([]);
  });

  it('sends a missing language and an unknown page to /fr', async () => {
    await page.goto(`${baseUrl}/`);
    await page.waitForURL((url) => /^\/fr\/?$/.test(url.pathname));
    await page.goto(`${baseUrl}/nl/no-such-page`);
    await page.waitForURL((url) => /^\/fr\/?$/.test(url.pathname));
  });

  it('shows the Dutch home in Dutch', async () => {
    await page.goto(`${baseUrl}/nl/`);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(nl.home.hero.title);
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('nl');
    const nav = page.getByRole('navigation', { name: nl.nav.main });
    await expect.poll(() => nav.getByRole('link', { name: nl.nav.shop }).count()).toBe(1);
    await screenshot(page, 'home-nl-1280');
    expect(problems).toEqual([]);
  });

  it('switches language with a flag and keeps the rest of the path', async () => {
    await page.goto(`${baseUrl}/fr/Hosting?from=e2e`);
    await page
      .getByRole('button', { name: new RegExp(fr.languages.en) })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/en/Hosting' && url.search === '?from=e2e');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    await expect.poll(() => page.getByRole('link', { name: en.nav.shop }).first().isVisible()).toBe(true);
  });
});

// Issue 34: each shop speaks the products' own texts, units and words in its language.
describe('the catalogue in the customer’s language', () => {
  const SHOWN = {
    nl: { product: 'Minecraft Gemod 8 GB', category: 'Klassiek Linux', subcategory: 'Gemod', unlimited: nl.shop.specValues.unlimited },
    en: { product: 'Minecraft Modded 8 GB', category: 'Classic Linux', subcategory: 'Modded', unlimited: en.shop.specValues.unlimited },
    pl: {
      product: 'Minecraft z modami 8 GB',
      category: 'Klasyczny Linux',
      subcategory: 'Z modami',
      unlimited: pl.shop.specValues.unlimited,
    },
  } as const;

  for (const [lng, shown] of Object.entries(SHOWN)) {
    it(`/${lng}/boutique shows the products, categories and specs in that language`, async () => {
      await page.goto(`${baseUrl}/${lng}/boutique`);
      const main = page.locator('main');
      await expect.poll(() => main.getByText(shown.product, { exact: true }).count()).toBeGreaterThan(0);
      expect(await main.getByRole('link', { name: shown.category, exact: true }).count()).toBe(1);
      expect(await main.getByText('Minecraft Moddé 8 Go').count()).toBe(0);
      // A category chosen in the page's language: its products' descriptions and specs are that language's too.
      await main.getByRole('link', { name: 'Minecraft', exact: true }).first().click();
      await page.waitForURL((url) => url.searchParams.get('category') === 'Minecraft');
      await expect.poll(() => main.getByRole('button', { name: shown.subcategory, exact: true }).count()).toBe(1);
      await expect.poll(() => main.getByText(shown.unlimited, { exact: true }).count()).toBeGreaterThan(0);
      expect(await main.getByText('Illimité').count()).toBe(0);
      expect(await main.getByText(/\d Go\b/).count()).toBe(0);
      await screenshot(page, `boutique-${lng}-minecraft-1280`);
      await page.setViewportSize(VIEWPORTS.phone);
      await screenshot(page, `boutique-${lng}-minecraft-375`);
      expect(problems).toEqual([]);
    });
  }

  it('keeps the chosen category when the language changes (the URL names it the same way in every language)', async () => {
    await page.goto(`${baseUrl}/fr/boutique?category=Classique%20Linux`);
    await page
      .getByRole('button', { name: new RegExp(fr.languages.en) })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/en/boutique' && url.searchParams.get('category') === 'Classique Linux');
    await expect.poll(() => page.locator('main').getByRole('heading', { level: 2, name: 'Classic Linux' }).count()).toBe(1);
    await expect.poll(() => page.locator('main').getByText('VPS Premium', { exact: true }).count()).toBeGreaterThan(0);
  });
});

describe('the shop shell', () => {
  it('serves the seeded catalogue from /api/products', async () => {
    const products = await (await fetch(`${baseUrl}/api/products`)).json();
    expect(products.length).toBeGreaterThanOrEqual(15);
    const categories = new Set(products.map((p: { category_name: string }) => p.category_name));
    for (const name of ['Minecraft', 'Fivem', 'Garrys Mods', 'Classique Linux', 'Classique Windows']) {
      expect(categories).toContain(name);
    }
  });

  it('opens the mobile menu on a phone and every page loads without errors', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${baseUrl}/fr/`);
    await screenshot(page, 'home-fr-375');
    const open = page.getByRole('button', { name: fr.nav.openMenu });
    await open.click();
    await expect.poll(() => page.getByRole('link', { name: fr.nav.shop }).first().isVisible()).toBe(true);
    await screenshot(page, 'home-fr-375-menu');
    await page.getByRole('link', { name: fr.nav.hosting }).first().click();
    await page.waitForURL((url) => url.pathname === '/fr/Hosting');
    expect(problems).toEqual([]);
  });

  it('shows a placeholder with a way back home on pages not built yet', async () => {
    await page.goto(`${baseUrl}/pl/Menu`);
    await page.getByRole('link', { name: pl.placeholder.backHome }).first().click();
    await page.waitForURL((url) => /^\/pl\/?$/.test(url.pathname));
    await screenshot(page, 'home-pl-1280');
    expect(problems).toEqual([]);
  });
});

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

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TIER_SLUGS } from '../../shared/catalog/hosting-tiers';
import { formatMoney } from '../../shared/money/cart-totals';
import { customerPrice, lowestCustomerPrice } from '../../shared/money/customer-price';
import type { Product } from '../../shared/schemas/product';
import en from '../../shared/locales/en.json';
import fr from '../../shared/locales/fr.json';
import nl from '../../shared/locales/nl.json';
import pl from '../../shared/locales/pl.json';
import { seriousViolations } from './support/axe';
import { launchBrowser, screenshot, VIEWPORTS, watchProblems } from './support/browser';

// The visitor's storefront (issue 4) on the shared demo shop: shop, cart, Hosting, ratings,
// cookie banner, legal pages, accessibility, in French and another language, at two widths.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop, consent = true) {
  const context: BrowserContext = await browser.newContext({ viewport });
  if (consent) await context.addCookies([{ name: 'site_cookie_consent', value: 'accepted', url: baseUrl }]);
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

/**
 * Waits until every fade-in block's animation has ended (opacity 1), so axe and the screenshot see
 * the page as a visitor does, not half transparent.
 */
const fadedIn = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.fade-in')].every(
      (block) => block.getAnimations().every((animation) => animation.playState === 'finished') && getComputedStyle(block).opacity === '1',
    ),
  );

const themeOf = (page: Page) => page.locator('[data-theme]').first().getAttribute('data-theme');

describe('the cookie banner', () => {
  it('keeps the answer in site_cookie_consent for 150 days and does not ask again', async () => {
    const { context, page } = await newPage(VIEWPORTS.desktop, false);
    await page.goto(`${baseUrl}/fr/`);
    await page.getByRole('button', { name: fr.cookies.accept }).click();
    // Answered in place once hydrated, or by the form's round trip before: gone either way.
    await page.getByRole('button', { name: fr.cookies.accept }).waitFor({ state: 'detached' });
    const cookie = (await context.cookies()).find((c) => c.name === 'site_cookie_consent');
    expect(cookie?.value).toBe('accepted');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(149.9);
    expect(days).toBeLessThanOrEqual(150);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('button', { name: fr.cookies.accept }).count()).toBe(0);
    await context.close();
  });

  it('paints with the page and can be answered before any script runs', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/nl/boutique?category=${encodeURIComponent('Classique Linux')}`);
    await page.getByRole('region', { name: nl.cookies.title }).waitFor();
    const answered = page.waitForResponse((res) => res.url() === `${baseUrl}/api/cookie-consent`);
    await page.getByRole('button', { name: nl.cookies.refuse }).click();
    expect((await answered).status()).toBe(303);
    await page.waitForLoadState();
    const back = new URL(page.url());
    expect([back.pathname, back.searchParams.get('category')]).toEqual(['/nl/boutique', 'Classique Linux']);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('region', { name: nl.cookies.title }).count()).toBe(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'site_cookie_consent');
    expect(cookie?.value).toBe('refused');
    expect(cookie?.sameSite).toBe('Lax');
    await context.close();
  });
});

describe('the shop and the cart', () => {
  it('filters by category and subcategory before any script runs', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    await context.addCookies([{ name: 'site_cookie_consent', value: 'accepted', url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/fr/boutique`);
    await page.getByRole('button', { name: 'Classique Linux', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'Classique Linux');
    expect(await page.getByRole('button', { name: 'Classique Linux', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'VPS NVMe', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('subcategory') === 'VPS NVMe');
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('category')]).toEqual(['/fr/boutique', 'Classique Linux']);
    const cards = await page.getByRole('article').allInnerTexts();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toMatch(/NVMe/);
    await context.close();
  });

  it('every product card in the shop, every Hosting offer and the cart line show their illustration, loaded and sized', async () => {
    const { context, page, problems } = await newPage(VIEWPORTS.phone);
    const products = (await (await fetch(`${baseUrl}/api/products`)).json()) as Product[];
    /** Each image of the page: its file, loaded (not a broken box), with the size it reserves before loading. */
    const images = (selector: string) =>
      page.locator(selector).evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          src: new URL(img.src).pathname,
          loaded: img.complete && img.naturalWidth > 0,
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
        })),
      );
    const shown = new Set<string>();
    for (const category of new Set(products.map((p) => p.category_name))) {
      await page.goto(`${baseUrl}/fr/boutique?category=${encodeURIComponent(category)}`);
      await page.locator('.product-card').first().waitFor();
      const cards = await page.locator('.product-card').count();
      // Lazy images load when near the viewport: bring each card into view.
      for (const img of await page.locator('.product-card__image').all()) await img.scrollIntoViewIfNeeded();
      await expect.poll(async () => (await images('.product-card__image')).every((i) => i.loaded)).toBe(true);
      const found = await images('.product-card__image');
      expect(found).toHaveLength(cards);
      for (const image of found) {
        expect(image).toMatchObject({ width: '320', height: '200' });
        expect(image.src).toMatch(/^\/images\/products\/[a-z-]+\.svg$/);
        shown.add(image.src);
      }
    }
    // Each kind of server has its own drawing.
    expect(shown).toEqual(
      new Set(['minecraft', 'fivem', 'garrys-mod', 'vps-linux', 'vps-windows'].map((key) => `/images/products/${key}.svg`)),
    );
    await screenshot(page, 'shop-images-fr-375');

    await page.goto(`${baseUrl}/fr/Hosting`);
    await page.locator('.offer__image').first().scrollIntoViewIfNeeded();
    await expect.poll(async () => (await images('.offer__image')).every((i) => i.loaded)).toBe(true);
    expect((await images('.offer__image')).length).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/fr/boutique?category=Minecraft`);
    await page.getByRole('article').filter({ hasText: fr.shop.stock.in }).first().getByRole('button', { name: fr.shop.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('link', { name: fr.shop.added.goToCart })
      .or(dialog.getByRole('button', { name: fr.shop.added.goToCart }))
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/fr/Cart');
    await expect
      .poll(async () => (await images('.cart-line img')).map((i) => i.loaded && i.src))
      .toEqual(['/images/products/minecraft.svg']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('themes by category, labels stock, adds to the cart through the dialog and gates payment', async () => {
    const { context, page, problems } = await newPage();
    await page.goto(`${baseUrl}/fr/boutique`);
    await page.getByText(fr.shop.welcome.title).waitFor();
    expect(await themeOf(page)).toBe('default');

    const labels = new Set<string>();
    for (const category of ['Minecraft', 'Fivem', 'Garrys Mods', 'Classique Linux', 'Classique Windows']) {
      await page.getByRole('button', { name: category, exact: true }).click();
      await page.getByRole('article').first().waitFor();
      for (const label of Object.values(fr.shop.stock)) if (await page.getByText(label).count()) labels.add(label);
    }
    expect([...labels].sort()).toEqual(Object.values(fr.shop.stock).sort());
    expect(await themeOf(page)).toBe('windows');

    await page.getByRole('button', { name: 'Minecraft', exact: true }).click();
    await expect.poll(() => themeOf(page)).toBe('minecraft');
    // The demo catalogue always has a sold-out Minecraft offer (seeds/catalog.ts: "Minecraft Réseau
    // 16 Go", stock 0, which nobody can buy): its add button must be disabled.
    const soldOut = page.getByRole('article').filter({ hasText: fr.shop.stock.out });
    await soldOut.filter({ hasText: 'Minecraft Réseau 16 Go' }).waitFor();
    for (const article of await soldOut.all()) {
      expect(await article.getByRole('button', { name: fr.shop.add }).isDisabled()).toBe(true);
    }
    await screenshot(page, 'shop-minecraft-fr-1280');

    const available = page.getByRole('article').filter({ hasText: fr.shop.stock.in }).first();
    const productName = (await available.getByRole('heading').first().textContent())!.trim();
    await available.getByRole('button', { name: fr.shop.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(fr.shop.added.title).waitFor();
    await dialog
      .getByRole('link', { name: fr.shop.added.goToCart })
      .or(dialog.getByRole('button', { name: fr.shop.added.goToCart }))
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/fr/Cart');
    await page.getByText(productName).first().waitFor();
    await page.getByText(fr.cart.tax.replace('{{rate}}', '21')).waitFor();

    const pay = page.getByRole('button', { name: fr.cart.pay });
    expect(await pay.isDisabled()).toBe(true);
    const boxes = page.getByRole('checkbox');
    await boxes.nth(0).check();
    expect(await pay.isDisabled()).toBe(true);
    await boxes.nth(1).check();
    expect(await pay.isDisabled()).toBe(false);
    await screenshot(page, 'cart-fr-1280');

    // No session: login first, then back to the cart.
    await pay.click();
    await page.waitForURL((url) => url.pathname === '/fr/login');
    await page.getByLabel(/^Adresse e-mail/).fill('client@demo.test');
    await page.getByLabel(/^Mot de passe/).fill('Demo-client-1');
    await page.getByRole('button', { name: fr.login.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/fr/Cart');
    await page.reload(); // the cart survives a reload
    await page.getByText(productName).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('computes the totals with the first line’s tax rate (6 %) and shows the cart on a phone in Dutch', async () => {
    const { context, page } = await newPage(VIEWPORTS.phone);
    await page.goto(`${baseUrl}/nl/`);
    await page.evaluate(() => {
      const line = {
        productId: 1,
        name: 'VPS Test 6%',
        price_cents: 1000,
        support_cents: 200,
        margin_cents: 50,
        currency: 'EUR',
        qty: 2,
        image_url: null,
        config_products: '{"ram":"4 Go"}',
        tax_rate: 6,
      };
      localStorage.setItem('cart', JSON.stringify([line]));
    });
    await page.goto(`${baseUrl}/nl/cart`);
    await page.getByText(nl.cart.tax.replace('{{rate}}', '6')).waitFor();
    const text = (await page.locator('main').textContent())!.replace(/\s/g, ' ');
    expect(text).toContain('25,00'); // (10.00 + 2.00 + 0.50) × 2
    expect(text).toContain('1,50'); // 6 %
    expect(text).toContain('26,50');
    await screenshot(page, 'cart-nl-375');
    await context.close();
  });

  it('keeps the chosen category when the language changes', async () => {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/fr/boutique?category=Fivem`);
    await page.getByRole('article').first().waitFor();
    await page
      .getByRole('button', { name: new RegExp(fr.languages.nl) })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/nl/boutique' && url.searchParams.get('category') === 'Fivem');
    await expect.poll(() => themeOf(page)).toBe('fivem');
    await context.close();
  });
});

describe('Hosting and ratings', () => {
  it('wraps the pricing carousel both ways', async () => {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/fr/Hosting`);
    const carousel = page.getByRole('group', { name: fr.hosting.pricing.carouselLabel });
    const status = carousel.locator('.carousel__status');
    await status.waitFor();
    const first = await status.textContent();
    expect(first).toMatch(/^Offres 1, 2, 3 sur \d+$/);
    const total = Number(first!.match(/sur (\d+)/)![1]);
    // A click before the page is live is kept and applied once it is: wait for its result.
    await carousel.getByRole('button', { name: fr.hosting.pricing.previous }).click();
    await expect.poll(() => status.textContent()).toBe(`Offres ${total}, 1, 2 sur ${total}`);
    await carousel.getByRole('button', { name: fr.hosting.pricing.next }).click();
    await carousel.getByRole('button', { name: fr.hosting.pricing.next }).click();
    expect(await status.textContent()).toBe(`Offres 2, 3, 4 sur ${total}`);
    await context.close();
  });

  it('a new customer rates once: the form, then the thank-you with the new average', async () => {
    const email = `note.${Date.now()}@example.test`;
    const registered = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'Secret-123',
        fullName: 'Noa Noteuse',
        address: 'Rue 1, Liège',
        phone: '+32 470 11 22 33',
        country: 'BE',
      }),
    }).then((r) => r.json() as Promise<{ user: unknown; token: string }>);
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/fr/`);
    await page.evaluate(({ user, token }) => {
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('token', token);
    }, registered);
    await page.goto(`${baseUrl}/fr/Hosting`);
    await page.getByText(fr.home.testimonials.formLegend).first().waitFor();
    await page
      .locator('label', { hasText: fr.home.testimonials.starLabel.replace('{{value}}', '4') })
      .first()
      .click();
    await page.getByRole('button', { name: fr.home.testimonials.submit }).click();
    await page.getByText(fr.home.testimonials.thanksTitle).first().waitFor();
    await screenshot(page, 'hosting-rated-fr-1280');
    await page.reload();
    await page.getByText(fr.home.testimonials.thanksTitle).first().waitFor();
    expect(await page.getByRole('button', { name: fr.home.testimonials.submit }).count()).toBe(0);
    await context.close();
  });
});

describe('every public page, at two widths, without serious accessibility problems', () => {
  const paths = [
    '/',
    '/Hosting',
    '/boutique',
    '/Cart',
    '/conditions-generales',
    '/Menu',
    '/HubFive',
    '/Informations',
    '/Support',
    '/contact',
  ];
  const pages = [
    ...paths.map((p) => `/fr${p}`),
    ...paths.map((p) => `/nl${p}`),
    '/en/politique-cookies',
    '/pl/mentions-legales',
    '/en/politique-confidentialite',
    '/pl/conditions-payment',
  ];
  it.each(pages)('%s', async (path) => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page, problems } = await newPage(viewport);
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await fadedIn(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `page${path.replace(/\//g, '-')}-${name}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('the legal terms carry the constants of the terms of sale', async () => {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/fr/conditions-generales`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const text = (await page.locator('main').textContent())!.replace(/\s+/g, ' ');
    for (const needle of ['Bruxelles', '7 jours', '30 jours']) expect(text).toContain(needle);
    await context.close();
  });
});

describe('one price and one promise everywhere (issue 17)', () => {
  const LOCALES = { fr, nl, en, pl } as const;
  /** Intl's spaces (narrow no-break before €, no-break in the thousands) read as plain spaces. */
  const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
  const catalogue = () => fetch(`${baseUrl}/api/products`).then((r) => r.json() as Promise<Product[]>);

  it('Hosting, shop and cart show each product at the same price, the one the shared function gives', async () => {
    const products = await catalogue();
    const expected = new Map(products.map((p) => [p.name, plain(formatMoney(customerPrice(p).netCents, p.currency, 'fr'))]));
    const { context, page, problems } = await newPage();

    // Hosting: every card of the carousel, moving one by one through all of them.
    await page.goto(`${baseUrl}/fr/Hosting`);
    const carousel = page.getByRole('group', { name: fr.hosting.pricing.carouselLabel });
    const status = carousel.locator('.carousel__status');
    await status.waitFor();
    const total = Number((await status.textContent())!.match(/sur (\d+)/)![1]);
    const hosting = new Map<string, string>();
    for (let i = 0; i < total; i += 1) {
      for (const card of await carousel.locator('.offer').all()) {
        hosting.set(plain(await card.locator('.offer__name').textContent()), plain(await card.locator('.offer__amount').textContent()));
      }
      await carousel.getByRole('button', { name: fr.hosting.pricing.next }).click();
    }
    expect(hosting.size).toBe(total);

    // Shop: every card of every category.
    const shop = new Map<string, string>();
    for (const category of new Set(products.map((p) => p.category_name))) {
      await page.goto(`${baseUrl}/fr/boutique?category=${encodeURIComponent(category)}`);
      await page.locator('.product-card').first().waitFor();
      for (const card of await page.locator('.product-card').all()) {
        shop.set(
          plain(await card.locator('.product-card__name').textContent()),
          plain(await card.locator('.product-card__amount').textContent()),
        );
      }
    }
    expect(shop.size).toBe(products.length);
    for (const [name, price] of shop) expect(price, name).toBe(expected.get(name));
    for (const [name, price] of hosting) expect(price, `${name} on Hosting`).toBe(shop.get(name));

    // Cart: each Hosting offer that can be bought, added from the shop, shows the same unit price.
    let checked = 0;
    for (const name of hosting.keys()) {
      const product = products.find((p) => p.name === name)!;
      if (product.stock < 1) continue;
      await page.goto(`${baseUrl}/fr/boutique?category=${encodeURIComponent(product.category_name)}`);
      const card = page.locator('.product-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
      await card.getByRole('button', { name: fr.shop.add }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByRole('link', { name: fr.shop.added.goToCart })
        .or(dialog.getByRole('button', { name: fr.shop.added.goToCart }))
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === '/fr/Cart');
      const line = page.locator('.cart-line').filter({ hasText: name });
      const unit = line.locator('.cart-line__figure').filter({ hasText: fr.cart.unitPrice });
      expect(plain(await unit.textContent()), `${name} in the cart`).toContain(shop.get(name)!);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(Object.keys(LOCALES) as (keyof typeof LOCALES)[])(
    '%s: "from" on the home is the cheapest price of the shop, the Basic tier on Hosting the price of its product',
    async (lng) => {
      const products = await catalogue();
      const lowest = lowestCustomerPrice(products)!;
      const cheapest = plain(formatMoney(lowest.netCents, 'EUR', lng));
      const { context, page } = await newPage(VIEWPORTS.phone);
      // The shop's lowest displayed price is the same figure.
      const shown: number[] = [];
      for (const category of new Set(products.map((p) => p.category_name))) {
        await page.goto(`${baseUrl}/${lng}/boutique?category=${encodeURIComponent(category)}`);
        await page.locator('.product-card').first().waitFor();
        for (const amount of await page.locator('.product-card__amount').allTextContents()) {
          shown.push(
            Number(
              amount
                .replace(/[^\d,.]/g, '')
                .replace(/[.,](\d{2})$/, ':$1')
                .replace(/[.,]/g, '')
                .replace(':', '.'),
            ),
          );
        }
      }
      expect(Math.round(Math.min(...shown) * 100)).toBe(lowest.netCents);

      await page.goto(`${baseUrl}/${lng}/`);
      const note = page.locator('.hero__note');
      await note.waitFor();
      expect(plain(await note.textContent())).toBe(plain(LOCALES[lng].home.hero.priceNote.replace('{{price}}', cheapest)));

      // Issue 34: the spec's tiers are real products (Basic 5 €), no longer the shop's cheapest price.
      const basicProduct = products.find((p) => p.slug === TIER_SLUGS.basic)!;
      await page.goto(`${baseUrl}/${lng}/Hosting`);
      const basic = page.locator('.tier').first();
      await basic.waitFor();
      expect(plain(await basic.locator('.tier__amount').textContent())).toBe(
        plain(formatMoney(customerPrice(basicProduct).netCents, 'EUR', lng)),
      );
      await context.close();
    },
  );

  it.each(Object.keys(LOCALES) as (keyof typeof LOCALES)[])(
    '%s: minutes are promised only by the texts of automatic delivery, and the terms say working days as the latest date',
    async (lng) => {
      // Issue 31: game servers and VPS delivered by themselves are online in minutes; these texts say
      // so (and the product cards say it only of automatic products: shop.delivery.automatic). Any
      // other sentence on a public page promising minutes would be a promise nothing keeps.
      const t = LOCALES[lng];
      const promises = [
        t.home.features.deploy.title,
        t.home.features.deploy.text,
        t.home.faq.items.delivery.answer,
        t.shop.themes.default,
        t.shop.delivery.automatic,
        t.checkout.trust.any,
        t.checkout.trust.automatic,
        t.legal.terms.sections.delivery.body,
        t.legal.payment.sections.delivery.body,
      ];
      const allowed = promises
        .flatMap((text) => text.split(/\n+|(?<=[.!?;:])\s+/))
        .map(plain)
        .filter((sentence) => /minut/i.test(sentence))
        .sort((a, b) => b.length - a.length);
      const withoutPromises = (text: string) => allowed.reduce((rest, sentence) => rest.split(sentence).join(' '), text);
      const { context, page } = await newPage();
      const pages = ['/', '/Hosting', '/boutique', '/Cart', '/Informations', '/conditions-generales', '/conditions-payment'];
      // Every category's page too: the products' own descriptions are texts a customer reads.
      const catalogue = (await (await fetch(`${baseUrl}/api/products`)).json()) as { category_name: string }[];
      const categories = [...new Set(catalogue.map((p) => p.category_name))];
      expect(categories.length).toBeGreaterThan(1);
      pages.push(...categories.map((name) => `/boutique?category=${encodeURIComponent(name)}`));
      for (const path of pages) {
        await page.goto(`${baseUrl}/${lng}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await fadedIn(page);
        // textContent includes the closed FAQ answers. Customers' published reviews are their own
        // words (one may say ordering took two minutes), not the shop's promise: left out.
        const text = plain(
          await page.locator('body').evaluate((body) => {
            const copy = body.cloneNode(true) as HTMLElement;
            copy.querySelectorAll('.reviews__list').forEach((list) => list.remove());
            return copy.textContent;
          }),
        );
        expect(withoutPromises(text), `${lng}${path}`).not.toMatch(/minut/i);
      }
      await page.goto(`${baseUrl}/${lng}/conditions-generales`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const terms = plain(await page.locator('main').textContent());
      expect(terms).toContain(plain(LOCALES[lng].legal.terms.sections.delivery.body.split('\n')[0]!.slice(0, 60)));
      expect(terms).toMatch(/3\s?(à|tot|to|–)\s?4/);
      await context.close();
    },
  );

  it('the payment terms delete an unpaid service after the billing rules’ delay', async () => {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/fr/conditions-payment`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const text = plain(await page.locator('main').textContent());
    expect(text).toContain('suspendu 7 jours après l');
    expect(text).toContain('supprimé avec toutes ses données 30 jours après sa suspension');
    await context.close();
  });
});

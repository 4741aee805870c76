import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import fr from '../../shared/locales/fr.json';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { at, logInDemoClient } from './support/demo-client';
import type { RunningShop } from './support/launch-shop';
import { passSecondFactor } from './support/second-factor';
import { useShopSession } from './support/shop-session';

// Issue 31 in the browser: a game server bought, paid on the sandbox page and delivered by the game
// panel's sandbox within the test's wait; a service ended at the end of its term, then kept; a
// delivery that fails (the sandbox's `fail` location) at the top of the back-office, and retried.

/** The sandbox panel installs in a few seconds; the page follows it every 3 s. */
const DELIVERY_WAIT = { timeout: 60_000 };

const session = useShopSession('services');
let shop: RunningShop;
let page: Page;
let problems: string[];

beforeEach(() => {
  ({ shop, page, problems } = session);
});

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** A Minecraft server the shop delivers by itself, added with its first version; answers its name. */
async function putGameServerInCart(): Promise<string> {
  await page.goto(`${shop.baseUrl}/fr/boutique`);
  await page.getByRole('button', { name: 'Minecraft', exact: true }).click();
  const automatic = page.getByRole('article').filter({ hasText: fr.shop.stock.in }).filter({ hasText: fr.shop.delivery.automatic }).first();
  await automatic.waitFor();
  const name = (await automatic.getByRole('heading').first().textContent())!.trim();
  await automatic.getByRole('button', { name: fr.shop.add }).click();
  await page.getByRole('dialog').getByRole('link', { name: fr.shop.added.goToCart }).click();
  await page.waitForURL(at('/fr/Cart'));
  await page.getByText(name).first().waitFor();
  return name;
}

/** A key made by `ssh-keygen -t ed25519`, and what `ssh-keygen -l` prints for it. */
const SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICA+9+l7CbHMAT592q/2vb3jhf4RSWGv6xxfiDxIEFI1 camille@laptop';
const SSH_KEY_FINGERPRINT = 'SHA256:QfWCM0fu+V3JT9jsinBKezufm6gkkZ+9j7b9eO8Sfqs';

const serviceCard = (name: string) => page.getByRole('listitem', { name });

/** The product whose delivery the third test sends to the failing location: no other test buys it. */
const FAILING_PRODUCT = 'FiveM Freeroam 8 Go';

/** The demo admin logged in (password, second factor) and through the admin password check. */
async function openBackOffice(on: Page) {
  await on.goto(`${shop.baseUrl}/fr/`);
  await on.getByRole('link', { name: fr.nav.login }).first().click();
  await on.waitForURL(at('/fr/login'));
  await on.getByLabel(/^Adresse e-mail/).fill('admin@demo.test');
  await on.getByLabel(/^Mot de passe/).fill('Demo-staff-1');
  await on.getByRole('button', { name: fr.login.submit, exact: true }).click();
  await passSecondFactor(on, 'admin@demo.test');
  await on.waitForURL(at('/fr/'));
  await on.getByRole('button', { name: /Antoine Mercier/ }).click();
  await on.getByRole('menuitem', { name: fr.usermenu.supportPanel }).click();
  await on.waitForURL(at('/fr/dashboard-admin'));
  await on.getByLabel(fr.staff.password.label).fill('Demo-admin-1');
  await on.getByRole('button', { name: fr.staff.password.submit }).click();
  await on.getByRole('navigation', { name: fr.staff.nav.label }).waitFor();
}

/** The demo customer buys `product` by card on the sandbox page, in a browser context of their own. */
async function customerBuys(product: string) {
  const context = await page.context().browser()!.newContext({ viewport: VIEWPORTS.desktop });
  await context.addCookies([{ name: 'site_cookie_consent', value: 'accepted', url: shop.baseUrl }]);
  const customer = await context.newPage();
  await logInDemoClient(customer, shop.baseUrl);
  await customer.goto(`${shop.baseUrl}/fr/boutique?category=Fivem`);
  const card = customer.getByRole('article', { name: product });
  await card.getByRole('button', { name: fr.shop.add }).click();
  await customer.getByRole('dialog').getByRole('link', { name: fr.shop.added.goToCart }).click();
  await customer.waitForURL(at('/fr/Cart'));
  const boxes = customer.getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await customer.getByRole('button', { name: fr.cart.pay, exact: true }).click();
  await customer.waitForURL((url) => url.pathname.startsWith('/fr/sandbox-checkout/'));
  await customer.getByRole('button', { name: /^Payer / }).click();
  await customer.waitForURL(at('/fr/payment/success'));
  await customer.getByText(fr.paymentReturn.thanks).waitFor({ timeout: 20_000 });
  await context.close();
}

describe('services in the browser (issue 31)', () => {
  it('a customer buys a Minecraft server by card and sees it online in « Mes services » with its address', async () => {
    await logInDemoClient(page, shop.baseUrl);
    const product = await putGameServerInCart();
    await page.getByText(fr.checkout.trust.automatic).waitFor();
    await screenshot(page, 'cart-game-server-fr-1280');
    const boxes = page.getByRole('checkbox');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: fr.cart.pay, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/fr/sandbox-checkout/'));
    await page.getByRole('button', { name: /^Payer / }).click();

    await page.waitForURL(at('/fr/payment/success'));
    await page.getByText(fr.paymentReturn.thanks).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: fr.paymentReturn.servicesLink }).click();
    await page.waitForURL(at('/fr/PanelCLient'));

    // Newest first: the server just bought, installing, then active with host:port.
    const card = serviceCard(product).first();
    await card.getByText(fr.panel.services.status.active).waitFor(DELIVERY_WAIT);
    const address = card.getByText(/^[\w.-]+:\d{2,5}$/);
    await address.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'panel-services-game-active-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'panel-services-game-active-fr-375');
    expect(problems).toEqual([]);
  });

  it('a customer ends a service at the end of its term, then takes the cancellation back', async () => {
    await logInDemoClient(page, shop.baseUrl);
    await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=services`);
    // The demo customer owns an active game server and an active VPS (seeds).
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: fr.panel.services.cancel.button, exact: true }) })
      .first();
    await card.waitFor();
    const name = (await card.getByRole('heading').first().textContent())!.trim();
    // The same card through the change (it then offers the other button): by its title's id.
    const ending = page.locator(`li[aria-labelledby="${await card.getAttribute('aria-labelledby')}"]`);
    await ending.getByRole('button', { name: fr.panel.services.cancel.button, exact: true }).click();

    const dialog = page.getByRole('alertdialog', { name: fill(fr.panel.services.cancel.title, { name }) });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(fr.panel.services.cancel.confirm);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'panel-services-cancel-dialog-fr-1280');
    await dialog.getByRole('button', { name: fr.panel.services.cancel.confirm }).click();

    await ending.getByText(fr.panel.services.facts.endsOn, { exact: true }).waitFor();
    await ending.getByRole('button', { name: fr.panel.services.undo.button }).waitFor();
    await screenshot(page, 'panel-services-ending-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'panel-services-ending-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    await ending.getByRole('button', { name: fr.panel.services.undo.button }).click();
    await ending.getByRole('button', { name: fr.panel.services.cancel.button, exact: true }).waitFor();
    await ending.getByText(fr.panel.services.facts.paidUntil, { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('a VPS buyer adds an SSH key in Settings, then reinstalls the VPS with another system and that key (issue 33)', async () => {
    await logInDemoClient(page, shop.baseUrl);
    await page.goto(`${shop.baseUrl}/fr/settings`);
    const keys = page.getByRole('region', { name: fr.sshkeys.title });
    await keys.getByText(fr.sshkeys.empty).waitFor();
    await keys.getByLabel(/^Nom/).fill('Portable');
    await keys.getByLabel(/^Clé publique/).fill(SSH_KEY);
    await keys.getByRole('button', { name: fr.sshkeys.submit }).click();
    await keys.getByText(SSH_KEY_FINGERPRINT).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await keys.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-ssh-keys-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'settings-ssh-keys-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=services`);
    const vps = page.getByRole('listitem').filter({ hasText: fr.panel.services.kind.vps }).first();
    await vps.waitFor();
    const details = vps.getByRole('link', { name: new RegExp(`^${fill(fr.panel.services.detailsOf, { name: '' })}`) });
    const name = (await details.getAttribute('aria-label'))!.slice(fill(fr.panel.services.detailsOf, { name: '' }).length);
    await details.click();
    const section = page.getByRole('region', { name: fr.services.reinstall.title });
    const system = section.getByLabel(/^Système/);
    await system.waitFor();
    const current = await system.inputValue();
    const other = await system
      .locator('option')
      .evaluateAll((options, now) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== now), current);
    const otherName = (await system.locator(`option[value="${other}"]`).textContent())!.trim();
    await system.selectOption(other!);
    await section.getByLabel(/^Clé SSH pour root/).selectOption({ label: `Portable (${SSH_KEY_FINGERPRINT.slice(0, 20)}…)` });
    await section.getByRole('button', { name: fr.services.reinstall.submit }).click();
    const dialog = page.getByRole('alertdialog', { name: fill(fr.services.reinstall.confirmTitle, { name }) });
    expect(await dialog.textContent()).toContain(fill(fr.services.reinstall.confirmText, { os: otherName }));
    await screenshot(page, 'panel-reinstall-confirm-fr-1280');
    await dialog.getByRole('button', { name: fr.services.reinstall.confirm }).click();
    await section.getByText(fill(fr.services.reinstall.installing, { os: otherName })).waitFor();
    await screenshot(page, 'panel-reinstall-installing-fr-1280');
    // The sandbox installs in seconds; the job follows it and the page reads it every 3 s.
    await section
      .getByText(new RegExp(`Réinstallé avec ${otherName}.*« Portable » \\(${SSH_KEY_FINGERPRINT.replace(/[+]/g, '\\+')}\\)`))
      .waitFor(DELIVERY_WAIT);
    await page.getByText(fill(fr.services.reinstall.current, { os: otherName })).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'panel-reinstall-done-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'panel-reinstall-done-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(problems).toEqual([]);
  });

  it('staff see a failed delivery at the top of the back-office, with the error and each attempt, and retry it', async () => {
    await openBackOffice(page);
    // An admin sends the product's servers to the sandbox's failing location, in its edit dialog.
    await page.getByRole('navigation', { name: fr.staff.nav.label }).getByRole('link', { name: fr.staff.categories.products }).click();
    const row = page.getByRole('row').filter({ hasText: FAILING_PRODUCT });
    await row.getByRole('button', { name: fr.staff.products.edit }).click();
    const dialog = page.getByRole('dialog', { name: fill(fr.staff.products.editTitle, { name: FAILING_PRODUCT }) });
    const delivery = dialog.getByRole('group', { name: fr.staff.delivery.title });
    await delivery.getByLabel('fail · Installs always fail (sandbox)').waitFor();
    for (const kept of ['gra · Gravelines', 'rbx · Roubaix']) {
      const box = delivery.getByLabel(kept);
      if (await box.isChecked()) await box.uncheck();
    }
    await delivery.getByLabel('fail · Installs always fail (sandbox)').check();
    await screenshot(page, 'staff-product-edit-delivery-fr-1280');
    await dialog.getByRole('button', { name: fr.staff.products.save }).click();
    await page.getByText(fill(fr.staff.products.saved, { name: FAILING_PRODUCT })).waitFor();

    await customerBuys(FAILING_PRODUCT);

    // Refused by the panel: the delivery shows above every category (read every 10 s).
    await page.getByRole('navigation', { name: fr.staff.nav.label }).getByRole('link', { name: fr.staff.categories.tickets }).click();
    const banner = page.getByRole('region', { name: /Livraisons à reprendre/ });
    const item = banner.getByRole('listitem', { name: new RegExp(FAILING_PRODUCT) }).first();
    await item.waitFor(DELIVERY_WAIT);
    await item.getByText('Camille Dubois').waitFor();
    await item.getByText(/^Tentatives \(\d+\)$/).click(); // the attempts unfold
    await item.getByText(fr.staff.deliveries.outcome.failed).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-deliveries-banner-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'staff-deliveries-banner-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    await item.getByRole('button', { name: fr.staff.deliveries.retry, exact: true }).click();
    // Said by the banner: the retried delivery leaves the list while it installs.
    await banner.getByText(fr.staff.deliveries.retried, { exact: false }).waitFor();
    expect(problems).toEqual([]);
  });
});

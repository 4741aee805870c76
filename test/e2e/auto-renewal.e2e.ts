import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import fr from '../../shared/locales/fr.json';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { at, logInDemoClient } from './support/demo-client';
import { passSecondFactor } from './support/second-factor';
import type { RunningShop } from './support/launch-shop';
import { useShopSession } from './support/shop-session';

// Issue 21 in the browser: without provider keys, the demo customer saves a sandbox card in the
// panel's 'Paiement' tab, sees automatic renewal on for their server, and turns it off; an admin
// sees in Billing which renewals will be charged automatically, and in Users the customer's saved
// methods (display details only).

const DEMO_VPS = 'vps-7f3a2b.vps.ovh.net';
const session = useShopSession('auto-renewal');
let shop: RunningShop;
let page: Page;
let problems: string[];

beforeEach(() => {
  ({ shop, page, problems } = session);
});

/** The switch names the product bought (issue 34), the machine's hostname under it. */
const DEMO_PRODUCT = 'VPS Linux NVMe Pro';
const switchLabel = fr.panel.autoRenewal.switch.replace('{{server}}', DEMO_PRODUCT);

describe('saved payment methods and automatic renewal in the panel', () => {
  it('saves a sandbox card, sees automatic renewal on, turns it off', async () => {
    await logInDemoClient(page, shop.baseUrl);
    await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=paiement`);
    await page.getByRole('tab', { name: fr.panel.tabs.payment, selected: true }).waitFor();
    await page.getByText(fr.panel.methods.empty).waitFor();
    // On by default, waiting for a method to apply.
    const renewal = page.getByRole('switch', { name: new RegExp(switchLabel) });
    expect(await renewal.isChecked()).toBe(true);
    await page.getByText(fr.panel.autoRenewal.needsMethod).waitFor();

    await page.getByLabel(fr.panel.methods.sandboxOutcome).selectOption('succeeds');
    await page.getByRole('button', { name: fr.panel.methods.addSandbox }).click();
    await page.getByText(fr.panel.methods.notices.added).waitFor();
    await page.getByText('Visa •••• 4242').waitFor();
    await page.getByText(fr.panel.methods.default, { exact: true }).waitFor();
    await page.getByText(/^Prochain prélèvement le /).waitFor();
    expect(await renewal.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'panel-payment-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'panel-payment-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    await renewal.click();
    await page.getByText(fr.panel.autoRenewal.off).waitFor();
    expect(await renewal.isChecked()).toBe(false);
    // Read back from the server: the choice is kept.
    await page.reload();
    await page.getByText(fr.panel.autoRenewal.off).waitFor();
    expect(await page.getByRole('switch', { name: new RegExp(switchLabel) }).isChecked()).toBe(false);
    expect(problems).toEqual([]);
  });

  it('an admin sees in Billing which renewals are charged automatically, and how', async () => {
    await logInDemoClient(page, shop.baseUrl);
    await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=paiement`);
    await page.getByRole('button', { name: fr.panel.methods.addSandbox }).click();
    await page.getByText(fr.panel.methods.notices.added).waitFor();
    // The test above turned renewal off for this server: on again (alone, it is already on).
    const renewal = page.getByRole('switch', { name: new RegExp(switchLabel) });
    if (!(await renewal.isChecked())) {
      await renewal.click();
      await page.getByText(/^Prochain prélèvement le /).waitFor();
    }
    await page.evaluate(() => localStorage.clear());

    await page.goto(`${shop.baseUrl}/fr/`);
    await page.getByRole('link', { name: fr.nav.login }).first().click();
    await page.waitForURL(at('/fr/login'));
    await page.getByLabel(/^Adresse e-mail/).fill('admin@demo.test');
    await page.getByLabel(/^Mot de passe/).fill('Demo-staff-1');
    await page.getByRole('button', { name: fr.login.submit, exact: true }).click();
    await passSecondFactor(page, 'admin@demo.test');
    await page.waitForURL(at('/fr/'));
    await page.goto(`${shop.baseUrl}/fr/dashboard-admin/4`);
    await page.getByLabel(fr.staff.password.label).fill('Demo-admin-1');
    await page.getByRole('button', { name: fr.staff.password.submit }).click();
    await page.getByRole('tab', { name: fr.staff.billing.views.renewals }).click();
    const table = page.getByRole('table', { name: fr.staff.autoRenewals.title });
    const row = table.getByRole('row').filter({ hasText: DEMO_VPS });
    // The seeded customer's balance covers the renewal, so it is paid from there first; else the card.
    await row.getByText(new RegExp(`^(${fr.staff.autoRenewals.from.wallet}|visa •••• 4242)$`)).waitFor();
    await row.getByText(fr.staff.autoRenewals.next).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-auto-renewals-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'staff-auto-renewals-fr-375');

    // Users: the customer's saved methods, read-only, with their renewal choices.
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole('navigation', { name: fr.staff.nav.label }).getByRole('link', { name: fr.staff.categories.users }).click();
    await page.getByLabel(fr.staff.users.search).fill('client@demo.test');
    await page.getByRole('button', { name: fr.staff.users.searchButton }).click();
    await page.getByRole('button', { name: 'Camille Dubois' }).click();
    const methods = page.getByRole('table', { name: fr.staff.users.detail.methodsCaption.replace('{{name}}', 'Camille Dubois') });
    await methods.getByText('Visa •••• 4242').first().waitFor();
    expect(await methods.getByRole('button').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.desktop.width);
    expect(await seriousViolations(page)).toEqual([]);
    await methods.scrollIntoViewIfNeeded();
    await screenshot(page, 'staff-user-methods-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'staff-user-methods-fr-375');
    expect(problems).toEqual([]);
  });
});

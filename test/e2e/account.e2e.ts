import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import fr from '../../shared/locales/fr.json';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { at, DEMO_CLIENT, logInDemoClient } from './support/demo-client';
import type { RunningShop } from './support/launch-shop';
import { useShopSession } from './support/shop-session';

// Issue 19 in the browser: the customer edits their profile, changes their password (the other
// browser is logged out) and sees where the account is logged in.

const session = useShopSession('account');
let shop: RunningShop;
let page: Page;
let problems: string[];

beforeEach(() => {
  ({ shop, page, problems } = session);
});

const NEW_PASSWORD = 'Nouveau-mot-2';

/** The status of /api/auth/me with the token that browser keeps. */
const meStatus = (target: Page) =>
  target.evaluate(
    async () => (await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } })).status,
  );

describe('the account pages', () => {
  it('edits the profile, changes the password (other sessions end) and lists the sessions', async () => {
    // A second browser logged in to the same account: the password change must end it.
    const other = await session.context.browser()!.newContext({ viewport: VIEWPORTS.desktop });
    await other.addCookies([{ name: 'site_cookie_consent', value: 'accepted', url: shop.baseUrl }]);
    const otherPage = await other.newPage();
    await logInDemoClient(otherPage, shop.baseUrl);
    expect(await meStatus(otherPage)).toBe(200);

    await logInDemoClient(page, shop.baseUrl);
    await page.goto(`${shop.baseUrl}/fr/profile`);
    await page.getByRole('heading', { level: 1, name: fr.profile.title }).waitFor();
    const name = page.getByLabel(/^Nom complet/);
    await name.waitFor();
    expect(await name.inputValue()).toBe(DEMO_CLIENT.name);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'account-profile-fr-1280');
    await name.fill('Camille Dubois-Martin');
    await page.locator('#profile-address').fill('Rue de la Loi 16, 1000 Bruxelles');
    await page.getByRole('button', { name: fr.profile.save }).click();
    await page.getByText(fr.profile.saved).waitFor();
    await page.reload();
    await page.getByLabel(/^Nom complet/).waitFor();
    expect(await page.getByLabel(/^Nom complet/).inputValue()).toBe('Camille Dubois-Martin');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'account-profile-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Empty name: the field says why, nothing is saved.
    await page.getByLabel(/^Nom complet/).fill('');
    await page.getByRole('button', { name: fr.profile.save }).click();
    await page.getByText(fr.register.errorform).first().waitFor();

    await page.goto(`${shop.baseUrl}/fr/settings`);
    await page.getByRole('heading', { level: 1, name: fr.settings.title }).waitFor();
    // The sessions list: this device and the other browser.
    await page.getByRole('heading', { name: fr.panel.sessions.title }).waitFor();
    await page.getByText(fr.panel.sessions.current).first().waitFor();
    expect(await page.locator('.sessions__list > li').count()).toBeGreaterThanOrEqual(2);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'account-settings-fr-1280');

    // A wrong current password is refused on its field.
    await page.locator('#settings-currentPassword').fill('pas-le-bon');
    await page.locator('#settings-newPassword').fill(NEW_PASSWORD);
    await page.locator('#settings-confirmPassword').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: fr.settings.passwordSubmit }).click();
    await page.getByText(fr.account.errorcurrentwrong).waitFor();

    await page.locator('#settings-currentPassword').fill(DEMO_CLIENT.password);
    await page.locator('#settings-newPassword').fill(NEW_PASSWORD);
    await page.locator('#settings-confirmPassword').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: fr.settings.passwordSubmit }).click();
    await page.getByText(/Votre mot de passe est changé/).waitFor();
    expect(await meStatus(page)).toBe(200);
    expect(await meStatus(otherPage)).toBe(401);
    await other.close();

    // The new password is the one that logs in now.
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'account-settings-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${shop.baseUrl}/fr/`);
    await page.getByRole('link', { name: fr.nav.login }).first().click();
    await page.waitForURL(at('/fr/login'));
    await page.getByLabel(/^Adresse e-mail/).fill(DEMO_CLIENT.email);
    await page.getByLabel(/^Mot de passe/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: fr.login.submit, exact: true }).click();
    await page.waitForURL(at('/fr/'));
    expect(problems.filter((p) => !p.includes('401') && !p.includes('403'))).toEqual([]);
  }, 240_000);
});

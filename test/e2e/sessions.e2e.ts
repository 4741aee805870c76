import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fr from '../../shared/locales/fr.json';
import { startDiscordFake, type DiscordFake } from '../fakes/discord';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { at, DEMO_CLIENT, logInDemoClient } from './support/demo-client';
import type { RunningShop } from './support/launch-shop';
import { useShopSession } from './support/shop-session';

// Issue 15, items 5 and 10 in the browser: a session token in a link logs nobody in, a Discord
// login does not silently replace another account's session, and the panel lists the sessions
// and ends them.

const DISCORD = { clientId: 'e2e-sessions', clientSecret: 'e2e-sessions-secret' };
let discord: DiscordFake;
beforeAll(async () => {
  discord = await startDiscordFake(DISCORD);
});
afterAll(() => discord?.close());

const session = useShopSession('sessions', () => ({
  DISCORD_CLIENT_ID: DISCORD.clientId,
  DISCORD_CLIENT_SECRET: DISCORD.clientSecret,
  DISCORD_API_BASE: discord.baseUrl,
}));
let shop: RunningShop;
let page: Page;
let problems: string[];

beforeEach(() => {
  ({ shop, page, problems } = session);
});

/** Another browser (its own storage and cookies), on the same shop. */
async function otherBrowser(): Promise<{ context: BrowserContext; page: Page }> {
  const browser = session.context.browser()!;
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  await context.addCookies([{ name: 'site_cookie_consent', value: 'accepted', url: shop.baseUrl }]);
  return { context, page: await context.newPage() };
}

const storedToken = (target: Page) => target.evaluate(() => localStorage.getItem('token'));
const userMenu = (target: Page, name: string) => target.getByRole('button', { name: new RegExp(name) });

describe('sessions in the browser', () => {
  it('a session token put in /discord-success?token= logs nobody in', async () => {
    await logInDemoClient(page, shop.baseUrl);
    const victimToken = await storedToken(page);
    expect(victimToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // The link an attacker sends: their own (or someone's) session token in the URL.
    const stranger = await otherBrowser();
    await stranger.page.goto(`${shop.baseUrl}/fr/discord-success?token=${victimToken}`);
    await stranger.page.waitForURL(at('/fr/login'));
    expect(await storedToken(stranger.page)).toBeNull();
    await stranger.page.goto(`${shop.baseUrl}/fr/`);
    await stranger.page.getByRole('link', { name: fr.nav.login }).first().waitFor();
    expect(await userMenu(stranger.page, DEMO_CLIENT.name).count()).toBe(0);
    await stranger.context.close();
  });

  it('a Discord login in a browser logged in to another account asks first; staying keeps the account', async () => {
    await logInDemoClient(page, shop.baseUrl);
    const before = await storedToken(page);
    discord.setNextUser({ id: '515151515151515151', username: 'joueur', global_name: 'Joueur Discord', email: 'joueur@example.test' });

    await page.goto(`${shop.baseUrl}/api/auth/discord/login?lng=fr`);
    await page.waitForURL((url) => url.pathname === '/fr/discord-success');
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    await page.getByRole('heading', { name: fr.discordSuccess.switchTitle }).waitFor();
    await page.getByText(/Camille Dubois \(client@demo\.test\).*Joueur Discord \(joueur@example\.test\)/).waitFor();
    expect(await storedToken(page)).toBe(before);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'discord-switch-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'discord-switch-fr-375');

    await page.getByRole('button', { name: `Rester connecté en tant que ${DEMO_CLIENT.name}` }).click();
    await page.waitForURL(at('/fr/'));
    expect(await storedToken(page)).toBe(before);
    expect(problems).toEqual([]);
  });

  it('the panel lists the sessions; one is ended from another browser, then all the others', async () => {
    await logInDemoClient(page, shop.baseUrl);
    const phone = await otherBrowser();
    await logInDemoClient(phone.page, shop.baseUrl);
    const tablet = await otherBrowser();
    await logInDemoClient(tablet.page, shop.baseUrl);

    await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=sessions`);
    await page.getByRole('tab', { name: fr.panel.tabs.sessions, selected: true }).waitFor();
    await page.getByRole('heading', { name: fr.panel.sessions.title }).waitFor();
    const rows = page.locator('.session-item');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    const current = rows.filter({ hasText: fr.panel.sessions.current });
    expect(await current.count()).toBe(1);
    // Issue 34: the device in use reads as active now, not at its last noted minute.
    expect(await current.getByText(fr.panel.sessions.lastSeenNow).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'panel-sessions-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'panel-sessions-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // End one other session: that browser is logged out at its next call.
    const before = await rows.count();
    await rows
      .filter({ hasNotText: fr.panel.sessions.current })
      .first()
      .getByRole('button', { name: new RegExp(`^${fr.panel.sessions.end}`) })
      .click();
    await page.getByText(fr.panel.sessions.ended).waitFor();
    await expect.poll(() => rows.count()).toBe(before - 1);
    const stillIn = async (target: Page) => {
      await target.goto(`${shop.baseUrl}/fr/`);
      await target.getByRole('navigation', { name: fr.nav.main }).waitFor();
      return target.evaluate(async () => {
        const response = await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
        return response.status;
      });
    };
    const statuses = [await stillIn(phone.page), await stillIn(tablet.page)].sort();
    expect(statuses).toEqual([200, 401]);

    // Then all the others: confirmed in a dialog; this browser stays logged in.
    await page.getByRole('button', { name: fr.panel.sessions.endOthers }).click();
    const dialog = page.getByRole('alertdialog', { name: fr.panel.sessions.endOthersTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: fr.panel.sessions.endOthersConfirm }).click();
    await page.getByText(fr.panel.sessions.onlyThis).waitFor();
    expect(await rows.count()).toBe(1);
    expect([await stillIn(phone.page), await stillIn(tablet.page)]).toEqual([401, 401]);
    await page.reload();
    await userMenu(page, DEMO_CLIENT.name).waitFor();
    await phone.context.close();
    await tablet.context.close();
    expect(problems).toEqual([]);
  });

  it('logging out ends the session on the server: the old token is refused', async () => {
    await logInDemoClient(page, shop.baseUrl);
    const token = await storedToken(page);
    await userMenu(page, DEMO_CLIENT.name).click();
    await page.getByRole('menuitem', { name: fr.usermenu.logout }).click();
    await page.waitForURL(at('/fr/'));
    const status = await page.evaluate(
      async (old) => (await fetch('/api/auth/me', { headers: { Authorization: `Bearer ${old}` } })).status,
      token,
    );
    expect(status).toBe(401);
  });
});

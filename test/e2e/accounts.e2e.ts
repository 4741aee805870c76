import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fr from '../../shared/locales/fr.json';
import nl from '../../shared/locales/nl.json';
import { startDiscordFake, type DiscordFake } from '../fakes/discord';
import { launchBrowser, screenshot, VIEWPORTS, watchProblems } from './support/browser';
import { launchShop, type RunningShop } from './support/launch-shop';
import { startMailbox } from './support/mailbox';

// The account journeys of issue 3, on a shop of their own wired to a real SMTP peer and the Discord fake.

const DISCORD = { clientId: 'e2e-client', clientSecret: 'e2e-secret' };
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let discord: DiscordFake;
let shop: RunningShop;
let dataDir: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  mailbox = await startMailbox();
  discord = await startDiscordFake(DISCORD);
  dataDir = mkdtempSync(join(tmpdir(), 'storefront-accounts-'));
  chmodSync(dataDir, 0o755);
  shop = await launchShop(dataDir, {
    env: {
      SMTP_URL: mailbox.smtpUrl,
      DISCORD_CLIENT_ID: DISCORD.clientId,
      DISCORD_CLIENT_SECRET: DISCORD.clientSecret,
      DISCORD_API_BASE: discord.baseUrl,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await discord?.close();
  await mailbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  // The cookie banner (tested in storefront.e2e.ts) is answered, so it covers nothing here.
  await context.addCookies([{ name: 'site_cookie_consent', value: 'accepted', url: shop.baseUrl }]);
  page = await context.newPage();
  problems = watchProblems(page);
});

const at = (path: string) => (url: URL) => url.pathname.replace(/\/$/, '') === path.replace(/\/$/, '');
const linkIn = (mail: { text: string }, path: string) => {
  const match = mail.text.match(new RegExp(`https?://[^\\s"<>]+${path}\\?token=[\\w-]+`));
  if (!match) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return match[0];
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form control by its exact label, which may carry the required mark and its hidden word. */
const field = (locale: typeof fr, label: string) =>
  page.getByLabel(new RegExp(`^${escape(label)}(\\s*\\*)?(\\s*${escape(locale.form.required)})?$`));

/** From the home page, the way a visitor gets there (the route guard wants it). */
async function openLogin(lng: 'fr' | 'nl' = 'fr') {
  await page.goto(`${shop.baseUrl}/${lng}/`);
  await page.getByRole('navigation', { name: (lng === 'fr' ? fr : nl).nav.main }).waitFor();
  await page
    .getByRole('link', { name: (lng === 'fr' ? fr : nl).nav.login })
    .first()
    .click();
  await page.waitForURL(at(`/${lng}/login`));
}

async function logIn(email: string, password: string) {
  await field(fr, fr.login.email).fill(email);
  await field(fr, fr.login.password).fill(password);
  await page.getByRole('button', { name: fr.login.submit, exact: true }).click();
}

async function logOut(fullName: string) {
  await page.getByRole('button', { name: new RegExp(fullName) }).click();
  await page.getByRole('menuitem', { name: fr.usermenu.logout }).click();
  await page.waitForURL(at('/fr/'));
}

async function fillRegisterForm(locale: typeof fr, fields: Record<string, string>) {
  await field(locale, locale.register.fullName).fill(fields.fullName!);
  await field(locale, locale.register.address).fill(fields.address!);
  await field(locale, locale.register.phone).fill(fields.phone!);
  await field(locale, locale.register.email).fill(fields.email!);
  await field(locale, locale.register.password).fill(fields.password!);
  await field(locale, locale.register.confirmPassword).fill(fields.password!);
  await page.getByRole('checkbox').check();
}

describe('accounts in the browser', () => {
  it('an individual registers, confirms the e-mail from the mail, logs out and logs back in', async () => {
    const email = `camille.${Date.now()}@example.test`;
    await openLogin();
    await page.getByRole('link', { name: fr.login.createAccount }).click();
    await page.waitForURL(at('/fr/Register'));
    await fillRegisterForm(fr, {
      fullName: 'Camille Peeters',
      address: 'Rue Haute 5, 1000 Bruxelles',
      phone: '470123456',
      email,
      password: 'Secret-123',
    });
    await screenshot(page, 'register-fr-1280');
    await page.getByRole('button', { name: fr.register.submit }).click();
    await page.waitForURL(at('/fr/verify-email'));
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);

    const mail = await mailbox.waitFor(email, /verify-email\?token=/);
    const confirm = await context.newPage();
    await confirm.goto(linkIn(mail, '/fr/verify-email'));
    await expect.poll(() => confirm.getByText(fr.verifyemail.success).count()).toBe(1);

    // The waiting page polls every 5 s and goes home 2 s after the confirmation.
    await page.waitForURL(at('/fr/'), { timeout: 15_000 });
    await logOut('Camille Peeters');
    await expect.poll(() => page.getByRole('link', { name: fr.nav.login }).first().isVisible()).toBe(true);

    await openLogin();
    await logIn(email, 'Secret-123');
    await page.waitForURL(at('/fr/'));
    await expect.poll(() => page.getByRole('button', { name: /Camille Peeters/ }).count()).toBe(1);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  });

  it('a business registers in Dutch and gets its verification mail in Dutch', async () => {
    const email = `inkoop.${Date.now()}@bedrijf.test`;
    await openLogin('nl');
    await page.getByRole('link', { name: nl.login.createAccount }).click();
    await page.waitForURL(at('/nl/Register'));
    await page.getByLabel(nl.register.business).check();
    await field(nl as typeof fr, nl.register.companyName).fill('Pixel Forge BV');
    await field(nl as typeof fr, nl.register.vatNumber).fill('BE0123456789');
    await fillRegisterForm(nl as typeof fr, {
      fullName: 'Emma Janssens',
      address: 'Meir 1, 2000 Antwerpen',
      phone: '470654321',
      email,
      password: 'Geheim-123',
    });
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'register-business-nl-375');
    await page.getByRole('button', { name: nl.register.submit }).click();
    await page.waitForURL(at('/nl/verify-email'));

    const mail = await mailbox.waitFor(email, /verify-email\?token=/);
    expect(mail.text).toContain(nl.mail.verify.button);
    expect(linkIn(mail, '/nl/verify-email')).toContain('/nl/verify-email?token=');
  });

  it('five wrong passwords start the countdown with the button disabled', async () => {
    await openLogin();
    const submit = page.getByRole('button', { name: fr.login.submit });
    for (let attempt = 1; attempt <= 5; attempt++) {
      // The server's answer to this attempt, before the next one: the error text alone may still be
      // on screen from the attempt before.
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
      await logIn('nobody-here@example.test', `wrong-${attempt}`);
      expect((await answered).status()).toBe(401);
      await expect.poll(() => page.getByText(fr.login.errorinvalid).count()).toBe(1);
    }
    await logIn('nobody-here@example.test', 'wrong-6');
    const countdown = page.getByRole('timer');
    await countdown.waitFor();
    // Issue 34: a wait over a minute (the lock lasts 15) counts down each second in minutes and
    // seconds, the button disabled until it ends.
    const clock = /^Trop de tentatives de connexion\. Réessayez dans (1[0-5]|[1-9]) min [0-5]\d s\.$/;
    const first = await countdown.textContent();
    expect(first).toMatch(clock);
    await expect.poll(() => countdown.textContent(), { timeout: 3_000 }).not.toBe(first);
    expect(await countdown.textContent()).toMatch(clock);
    expect(await submit.isDisabled()).toBe(true);
    await screenshot(page, 'login-rate-limited-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'login-rate-limited-375');
  });

  it('a customer resets a forgotten password from the mail and logs in with the new one', async () => {
    await openLogin();
    await page.getByRole('link', { name: fr.login.forgot }).click();
    await page.waitForURL(at('/fr/forget-password'));
    await field(fr, fr.forgetpassword.email).first().fill('client@demo.test');
    await page.getByRole('button', { name: fr.forgetpassword.submit }).first().click();
    await expect.poll(() => page.getByText(fr.forgetpassword.emailSent).count()).toBe(1);

    const mail = await mailbox.waitFor('client@demo.test', /reset-password\?token=/);
    await page.goto(linkIn(mail, '/fr/reset-password'));
    await field(fr, fr.resetpassword.newPassword).fill('Nouveau-456');
    await field(fr, fr.resetpassword.confirmPassword).fill('Nouveau-456');
    await page.getByRole('button', { name: fr.resetpassword.submit }).click();
    await expect.poll(() => page.getByText(fr.resetpassword.success).count()).toBe(1);
    await page.waitForURL(at('/fr/login'), { timeout: 6_000 }); // 3 s after the success

    await logIn('client@demo.test', 'Nouveau-456');
    await page.waitForURL(at('/fr/'));
    await expect.poll(() => page.getByRole('button', { name: /Camille Dubois/ }).count()).toBe(1);
  });

  it('a gamer logs in with Discord', async () => {
    discord.setNextUser({
      id: '424242424242424242',
      username: 'gamer',
      global_name: 'Gamer Pro',
      email: 'gamer@example.test',
      verified: true,
      avatar: null,
    });
    await openLogin();
    await page.getByRole('link', { name: fr.login.discord }).click();
    await page.waitForURL(at('/fr/'), { timeout: 15_000 });
    await expect.poll(() => page.getByRole('button', { name: /Gamer Pro/ }).count()).toBe(1);
    expect(discord.requests.map((r) => r.path)).toEqual(['/oauth2/authorize', '/oauth2/token', '/users/@me']);
    expect(problems).toEqual([]);
  });
});

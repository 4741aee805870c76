import type { Page } from 'playwright-core';
import fr from '../../../shared/locales/fr.json';

/** The seeded customer (seeds/accounts.ts): a delivered VPS, a paid order and its unpaid renewal. */
export const DEMO_CLIENT = { email: 'client@demo.test', password: 'Demo-client-1', name: 'Camille Dubois' };

/** A waitForURL predicate: the page is at `path` (trailing slash or not). */
export const at = (path: string) => (url: URL) => url.pathname.replace(/\/$/, '') === path.replace(/\/$/, '');

/** Logs the demo customer in the way a visitor does: home page, login link, form, back home. */
export async function logInDemoClient(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/fr/`);
  await page.getByRole('link', { name: fr.nav.login }).first().click();
  await page.waitForURL(at('/fr/login'));
  await page.getByLabel(/^Adresse e-mail/).fill(DEMO_CLIENT.email);
  await page.getByLabel(/^Mot de passe/).fill(DEMO_CLIENT.password);
  await page.getByRole('button', { name: fr.login.submit, exact: true }).click();
  await page.waitForURL(at('/fr/'));
}

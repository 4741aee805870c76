import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import fr from '../../shared/locales/fr.json';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { logInDemoClient } from './support/demo-client';
import type { RunningShop } from './support/launch-shop';
import { useShopSession } from './support/shop-session';

// Issue 33 in the browser, a VPS buyer in the sandbox cloud: an SSH key, a reinstall with another
// system, a reverse DNS and the graphs; then the root password reset, the console and the snapshot.

/** The sandbox installs and snapshots in seconds; the page follows them every few seconds. */
const TASK_WAIT = { timeout: 60_000 };
const SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICA+9+l7CbHMAT592q/2vb3jhf4RSWGv6xxfiDxIEFI1 camille@laptop';
const SSH_KEY_FINGERPRINT = 'SHA256:QfWCM0fu+V3JT9jsinBKezufm6gkkZ+9j7b9eO8Sfqs';
const tools = fr.panel.vpsTools;

const session = useShopSession('vps-panel');
let shop: RunningShop;
let page: Page;
let problems: string[];

beforeEach(() => {
  ({ shop, page, problems } = session);
});

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** The demo customer's VPS page, from the services tab; answers the product's name. */
async function openVps(): Promise<string> {
  await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=services`);
  const vps = page.getByRole('listitem').filter({ hasText: fr.panel.services.kind.vps }).first();
  await vps.waitFor();
  const prefix = fill(fr.panel.services.detailsOf, { name: '' });
  const details = vps.getByRole('link', { name: new RegExp(`^${prefix}`) });
  const name = (await details.getAttribute('aria-label'))!.slice(prefix.length);
  await details.click();
  await page.getByRole('region', { name: tools.metrics.title }).waitFor();
  return name;
}

async function bothSizes(name: string) {
  await screenshot(page, `${name}-fr-1280`);
  await page.setViewportSize(VIEWPORTS.phone);
  await screenshot(page, `${name}-fr-375`);
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe('the VPS panel (issue 33)', () => {
  it('a VPS buyer adds an SSH key, reinstalls with another system, sets a reverse DNS and reads the graphs', async () => {
    await logInDemoClient(page, shop.baseUrl);
    await page.goto(`${shop.baseUrl}/fr/settings`);
    const keys = page.getByRole('region', { name: fr.sshkeys.title });
    await keys.getByLabel(/^Nom/).fill('Portable');
    await keys.getByLabel(/^Clé publique/).fill(SSH_KEY);
    await keys.getByRole('button', { name: fr.sshkeys.submit }).click();
    await keys.getByText(SSH_KEY_FINGERPRINT).waitFor();

    const name = await openVps();
    const reinstall = page.getByRole('region', { name: fr.services.reinstall.title });
    const system = reinstall.getByLabel(/^Système/);
    const current = await system.inputValue();
    const other = await system
      .locator('option')
      .evaluateAll((options, now) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v && v !== now), current);
    const otherName = (await system.locator(`option[value="${other}"]`).textContent())!.trim();
    await system.selectOption(other!);
    await reinstall.getByLabel(/^Clé SSH pour root/).selectOption({ label: `Portable (${SSH_KEY_FINGERPRINT.slice(0, 20)}…)` });
    await reinstall.getByRole('button', { name: fr.services.reinstall.submit }).click();
    await page
      .getByRole('alertdialog', { name: fill(fr.services.reinstall.confirmTitle, { name }) })
      .getByRole('button', { name: fr.services.reinstall.confirm })
      .click();
    await page.getByText(fill(fr.services.reinstall.current, { os: otherName })).waitFor(TASK_WAIT);

    const rdns = page.getByRole('region', { name: fr.services.rdns.title });
    await rdns.getByLabel(/^Nom d'hôte/).fill('mail.camille-dubois.be');
    await rdns.getByRole('button', { name: fr.services.rdns.submit }).click();
    await rdns.getByText(fill(fr.services.rdns.current, { name: 'mail.camille-dubois.be' })).waitFor();

    // The graphs: three charts, and the numbers in a table for every reader; another period reads again.
    const graphs = page.getByRole('region', { name: tools.metrics.title });
    const summary = graphs.getByRole('table', { name: tools.metrics.summary });
    await summary.waitFor();
    expect(await graphs.locator('canvas').count()).toBe(3);
    const cpu = summary.getByRole('row', { name: new RegExp(`^${tools.metrics.cpu}`) });
    expect(await cpu.textContent()).toMatch(/\d+(,\d)? %.*\d+(,\d)? %/);
    const dayRow = await cpu.textContent();
    // As a keyboard does: the arrow moves along the periods (the sticky header may cover a click).
    await graphs.getByRole('radio', { name: tools.metrics.periods['24h'] }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await graphs.getByRole('radio', { name: tools.metrics.periods['30d'] }).isChecked()).toBe(true);
    await expect.poll(() => cpu.textContent()).not.toBe(dayRow);
    expect(await summary.getByRole('row', { name: new RegExp(`^${tools.metrics.memory}`) }).textContent()).toMatch(/sur 8.?192 Mo/);

    const history = page.getByRole('region', { name: fr.services.events.title });
    await history.getByText(fill(fr.services.events.reverse_dns_set, { reverse: 'mail.camille-dubois.be' })).waitFor();
    await history.getByText(fill(fr.services.events.reinstalled, { os: otherName })).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await graphs.scrollIntoViewIfNeeded();
    await bothSizes('vps-panel-graphs');
    await page.setViewportSize(VIEWPORTS.phone);
    await graphs.screenshot({ path: 'test-results/vps-panel-graphs-section-fr-375.png' });
    await page.setViewportSize(VIEWPORTS.desktop);
    await graphs.screenshot({ path: 'test-results/vps-panel-graphs-section-fr-1280.png' });
    expect(problems).toEqual([]);
  });

  it('resets the root password, opens the sandbox console and takes, restores and deletes a snapshot', async () => {
    await logInDemoClient(page, shop.baseUrl);
    await openVps();

    const password = page.getByRole('region', { name: tools.password.title });
    await password.getByRole('button', { name: tools.password.submit }).click();
    const confirm = page.getByRole('alertdialog', { name: tools.password.confirmTitle });
    expect(await confirm.textContent()).toContain(tools.password.confirmText);
    await confirm.getByRole('button', { name: tools.password.confirm }).click();
    await password.getByText(tools.password.given).waitFor();
    expect((await password.locator('code').textContent())!.trim()).toMatch(/^\S{20}$/);

    const console = page.getByRole('region', { name: tools.console.title });
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      console.getByRole('button', { name: tools.console.open }).click(),
    ]);
    await tab.getByText(tools.sandboxConsole.banner).waitFor();
    expect(new URL(tab.url()).origin).toBe(new URL(shop.baseUrl).origin);
    await tab.setViewportSize(VIEWPORTS.desktop);
    await screenshot(tab, 'vps-panel-sandbox-console-fr-1280');
    await tab.close();
    await console.getByText(tools.console.opened, { exact: false }).waitFor();

    const snapshot = page.getByRole('region', { name: tools.snapshot.title });
    await snapshot.getByText(tools.snapshot.none).waitFor();
    await snapshot.getByLabel(/^Description/).fill('avant PHP 8.4');
    await snapshot.getByRole('button', { name: tools.snapshot.create }).click();
    await snapshot.getByText(tools.snapshot.running.creating).waitFor();
    await snapshot.getByText(/« avant PHP 8.4 »/).waitFor(TASK_WAIT);
    await snapshot.scrollIntoViewIfNeeded();
    await bothSizes('vps-panel-tools');
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole('region', { name: tools.password.title }).screenshot({ path: 'test-results/vps-panel-password-fr-375.png' });
    await snapshot.screenshot({ path: 'test-results/vps-panel-snapshot-fr-375.png' });
    await page.setViewportSize(VIEWPORTS.desktop);

    await snapshot.getByRole('button', { name: tools.snapshot.restore }).click();
    const restore = page.getByRole('alertdialog', { name: tools.snapshot.restoreTitle });
    expect(await restore.textContent()).toMatch(/tout ce qui a été écrit depuis sera perdu/);
    await screenshot(page, 'vps-panel-snapshot-restore-confirm-fr-1280');
    await restore.getByRole('button', { name: tools.snapshot.restoreConfirm }).click();
    await snapshot.getByText(tools.snapshot.running.restoring).waitFor();
    await snapshot.getByRole('button', { name: tools.snapshot.delete }).waitFor(TASK_WAIT);

    await snapshot.getByRole('button', { name: tools.snapshot.delete }).click();
    await page
      .getByRole('alertdialog', { name: tools.snapshot.deleteTitle })
      .getByRole('button', { name: tools.snapshot.deleteConfirm })
      .click();
    await snapshot.getByText(tools.snapshot.none).waitFor(TASK_WAIT);

    const history = page.getByRole('region', { name: fr.services.events.title });
    for (const line of ['snapshot_deleted', 'snapshot_restored', 'snapshot_created', 'console_opened', 'password_reset'] as const) {
      await history.getByText(fr.services.events[line]).first().waitFor();
    }
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

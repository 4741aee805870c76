import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import fr from '../../shared/locales/fr.json';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { logInDemoClient } from './support/demo-client';
import type { RunningShop } from './support/launch-shop';
import { useShopSession } from './support/shop-session';

// Issue 33 in the browser: the demo customer's Minecraft server (seeded on the sandbox panel)
// takes a backup, sees it finish (the sandbox takes ~20 s, the page reads every 2 s meanwhile),
// downloads it through the shop, and restores it after a confirmation that says the files go.

/** The sandbox makes a backup in 20 s and restores in 15 s; the page polls every 2 s. */
const NODE_WAIT = { timeout: 60_000 };

const session = useShopSession('game-backups');
let shop: RunningShop;
let page: Page;
let problems: string[];

beforeEach(() => {
  ({ shop, page, problems } = session);
});

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

async function openGameServer() {
  await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=services`);
  const game = page.getByRole('listitem').filter({ hasText: fr.panel.services.kind.game }).first();
  await game.waitFor();
  await game.getByRole('link', { name: new RegExp(`^${fill(fr.panel.services.detailsOf, { name: '' })}`) }).click();
  const section = page.getByRole('region', { name: fr.panel.backups.title });
  await section.waitFor();
  return section;
}

describe('game server backups in the browser (issue 33)', () => {
  it('a Minecraft buyer takes a backup, sees it complete, downloads it and restores it', async () => {
    await logInDemoClient(page, shop.baseUrl);
    const section = await openGameServer();
    await section.getByText(fill(fr.panel.backups.count, { count: 0, limit: 3 })).waitFor();
    await section.getByText(fr.panel.backups.empty).waitFor();
    // The seeded server was delivered as a delivery does: with its nightly backup.
    await section.getByText(new RegExp(`^${fr.panel.backups.daily.split('{{')[0]}\\d{2}:\\d{2}`)).waitFor();

    await section.getByLabel(fr.panel.backups.name).fill('Avant la mise à jour 1.21');
    await section.getByRole('button', { name: fr.panel.backups.create }).click();
    await section.getByText(fr.panel.backups.created).waitFor();
    const row = section.getByRole('listitem').filter({ hasText: 'Avant la mise à jour 1.21' });
    await row.getByText(fr.panel.backups.status.creating).waitFor();
    await section.getByText(fill(fr.panel.backups.count, { count: 1, limit: 3 })).waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'panel-backups-creating-fr-1280');

    await row.getByText(fr.panel.backups.status.completed).waitFor(NODE_WAIT);
    await row.getByText(/\d+(,\d)? Mo$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'panel-backups-completed-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'panel-backups-completed-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Through our origin, with the session: the browser never sees the node.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: fr.panel.backups.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sauvegarde-\d+-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.tar\.gz$/);
    expect(download.url()).toMatch(/^blob:/);
    const saved = await download.path();
    expect(readFileSync(saved).subarray(0, 2).toString('hex')).toBe('1f8b');

    await row.getByRole('button', { name: fr.panel.backups.restore }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(fill(fr.panel.backups.restoreConfirm, { name: 'Avant la mise à jour 1.21' }));
    await screenshot(page, 'panel-backups-restore-confirm-fr-1280');
    await dialog.getByRole('button', { name: fr.panel.backups.restoreConfirmLabel }).click();
    await section.getByText(fr.panel.backups.restoring).waitFor();
    await screenshot(page, 'panel-backups-restoring-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'panel-backups-restoring-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);
    await section.getByText(fr.panel.backups.restoring).waitFor({ state: 'detached', ...NODE_WAIT });
    await page.getByText(fr.services.events.backup_restored).first().waitFor(NODE_WAIT);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

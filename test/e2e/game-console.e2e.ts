import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import fr from '../../shared/locales/fr.json';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { logInDemoClient } from './support/demo-client';
import type { RunningShop } from './support/launch-shop';
import { useShopSession } from './support/shop-session';

// Issue 33 in the browser: the demo customer's Minecraft server (delivered by the seeds on the
// sandbox panel) opened in « Mes services »: its live console, a command and its answer, a power
// button followed to the end, the resources, and the history that lists the restart.

const session = useShopSession('game-console');
let shop: RunningShop;
let page: Page;
let problems: string[];

beforeEach(() => {
  ({ shop, page, problems } = session);
});

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

describe('game server console in the browser (issue 33)', () => {
  it('a Minecraft buyer opens the console, sends a command and sees its answer, and restarts the server', async () => {
    await logInDemoClient(page, shop.baseUrl);
    await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=services`);
    const game = page.getByRole('listitem').filter({ hasText: fr.panel.services.kind.game }).first();
    await game.waitFor();
    await game.getByRole('link', { name: new RegExp(`^${fill(fr.panel.services.detailsOf, { name: '' })}`) }).click();

    const live = page.getByRole('region', { name: fr.panel.console.title });
    await live.getByRole('status').filter({ hasText: fr.panel.console.connection.connected }).waitFor({ timeout: 20_000 });
    const terminal = live.locator('.xterm-rows');
    // The log so far (`send logs` after auth): the server's start.
    await expect.poll(() => terminal.textContent(), { timeout: 10_000 }).toContain('For help, type "help"');

    await live.getByLabel(fr.panel.console.command.label).fill('say Bonjour à tous');
    await live.getByRole('button', { name: fr.panel.console.command.send }).click();
    await expect.poll(() => terminal.textContent(), { timeout: 10_000 }).toContain('[Server] Bonjour à tous');
    await expect.poll(() => live.getByLabel(fr.panel.console.command.label).inputValue()).toBe('');

    // The resources are read beside it.
    const resources = live.getByRole('region', { name: fr.panel.console.resources.title });
    await resources.getByText(fr.panel.console.resources.memory).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await live.scrollIntoViewIfNeeded();
    await screenshot(page, 'panel-game-console-fr-1280');

    const power = live.getByRole('region', { name: fr.panel.console.power.title });
    await power.getByRole('button', { name: fr.panel.console.power.restart }).click();
    await power.getByText(fr.panel.console.power.sent.restart).waitFor();
    await power.getByText(fr.panel.console.state.stopping).waitFor({ timeout: 10_000 });
    await power.getByText(fr.panel.console.state.running).waitFor({ timeout: 20_000 });
    await expect.poll(() => terminal.textContent(), { timeout: 10_000 }).toContain('Stopping the server');

    await page.getByText(fr.services.events.power_restart).first().waitFor({ timeout: 15_000 });
    await page.setViewportSize(VIEWPORTS.phone);
    await live.getByRole('status').filter({ hasText: fr.panel.console.connection.connected }).waitFor();
    await screenshot(page, 'panel-game-console-fr-375');
    expect(problems).toEqual([]);
  });
});

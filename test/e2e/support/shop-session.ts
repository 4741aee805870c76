import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, VIEWPORTS, watchProblems } from './browser';
import { launchShop, type RunningShop } from './launch-shop';

export interface ShopSession {
  shop: RunningShop;
  /** The shop's data folder (a test may save downloads there). */
  dataDir: string;
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests of the current test's page. */
  problems: string[];
}

/**
 * One shop on a fresh embedded database for the file, and a fresh browser context per test
 * (desktop size, cookie consent given, downloads accepted). Read the fields inside hooks and tests.
 */
export function useShopSession(name: string, env: () => Record<string, string> = () => ({})): ShopSession {
  const session = {} as ShopSession;
  let browser: Browser | undefined;

  beforeAll(async () => {
    session.dataDir = mkdtempSync(join(tmpdir(), `storefront-${name}-`));
    chmodSync(session.dataDir, 0o755);
    session.shop = await launchShop(session.dataDir, { env: env() });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await session.shop?.stop();
    if (session.dataDir) rmSync(session.dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await session.context?.close();
    session.context = await browser!.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    await session.context.addCookies([{ name: 'site_cookie_consent', value: 'accepted', url: session.shop.baseUrl }]);
    session.page = await session.context.newPage();
    session.problems = watchProblems(session.page);
  });

  return session;
}

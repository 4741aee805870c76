import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import fr from '../../shared/locales/fr.json';
import type { CustomerOrderDto } from '../../shared/schemas/checkout';
import type { VpsDto } from '../../shared/schemas/vps';
import type { WalletDto } from '../../shared/schemas/wallet';
import type { Product } from '../../shared/schemas/product';
import type { SellerIdentity } from '../../shared/schemas/seller';
import { cartTotals, formatMoney } from '../../shared/money/cart-totals';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { at, DEMO_CLIENT, logInDemoClient } from './support/demo-client';
import type { RunningShop } from './support/launch-shop';
import { useShopSession } from './support/shop-session';

// Issue 6 in the browser: the demo customer drives a server of the simulated fleet, downloads an
// invoice and pays the unpaid renewal through the sandbox Mollie page; issue 8: pays an invoice
// from the wallet balance.

const DEMO_VPS = 'vps-7f3a2b.vps.ovh.net';
const TRANSITION_WAIT = { timeout: 20_000 }; // the simulated fleet settles after 4 s, the page looks every 2 s
const session = useShopSession('panel');
let shop: RunningShop;
let page: Page;
let problems: string[];

beforeEach(() => {
  ({ shop, page, problems } = session);
});

async function logIn() {
  await logInDemoClient(page, shop.baseUrl);
}

/** A call made with the page's own session (what the cart would send). */
async function apiPost<T>(path: string, body: Record<string, unknown>): Promise<T> {
  return page.evaluate(
    async ({ url, payload }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...payload, userId: user.id }),
      });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { url: path, payload: body },
  );
}

/** What the page's own session reads from the API (to compare the screen with). */
async function apiGet<T>(path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
    return (await response.json()) as T;
  }, path);
}

const powerState = () => page.locator('.vps-power__state');

describe('client panel in the browser', () => {
  it('the demo customer opens a server, stops it, starts it again and reveals its password', async () => {
    await logIn();
    await page.goto(`${shop.baseUrl}/fr/PanelCLient`);
    await page.getByRole('tab', { name: fr.panel.tabs.vps, selected: true }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: DEMO_VPS });
    await card.getByText(fr.panel.power.running).waitFor();
    // The card names the product bought and the machine's size (issue 17; seeds: NVMe Pro on a VPS Comfort).
    await card.getByText('VPS Linux NVMe Pro').waitFor();
    await card.getByText(fr.panel.vps.specsValue.replace('{{ram}}', '8').replace('{{cores}}', '4').replace('{{storage}}', '160')).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'panel-vps-list-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'panel-vps-list-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    await card.getByRole('link').click();
    await page.waitForURL((url) => url.searchParams.has('vps'));
    await powerState().getByText(fr.panel.power.running).waitFor();
    const { vpsList } = await apiGet<{ vpsList: VpsDto[] }>('/api/vps');
    const server = vpsList.find((vps) => vps.ovh_service_name === DEMO_VPS)!;
    await page.getByText(server.vps_info.ip).first().waitFor();

    // Stop, confirmed in the dialog: the state moves through "Arrêt en cours" to "Arrêté".
    await page.getByRole('button', { name: fr.panel.actions.stop, exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: fr.panel.actions.confirm.stopTitle });
    await dialog.waitFor();
    await screenshot(page, 'panel-vps-confirm-fr-1280');
    await dialog.getByRole('button', { name: fr.panel.actions.confirm.stop }).click();
    await powerState().getByText(fr.panel.power.stopping).waitFor();
    expect(await page.getByRole('button', { name: fr.panel.actions.start, exact: true }).getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'panel-vps-stopping-fr-1280');
    await powerState().getByText(fr.panel.power.stopped).waitFor(TRANSITION_WAIT);

    // Start: no confirmation, through "Démarrage en cours" back to "En marche".
    const start = page.getByRole('button', { name: fr.panel.actions.start, exact: true });
    expect(await start.getAttribute('aria-disabled')).toBe('false');
    await start.click();
    await powerState().getByText(fr.panel.power.starting).waitFor();
    await powerState().getByText(fr.panel.power.running).waitFor(TRANSITION_WAIT);

    // The password: masked, then shown on request.
    expect(await page.getByText(server.vps_info.password!).count()).toBe(0);
    await page.getByRole('button', { name: fr.panel.vpsDetail.showPassword }).click();
    await page.getByText(server.vps_info.password!).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'panel-vps-detail-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'panel-vps-detail-fr-375');
    expect(problems).toEqual([]);
  });

  it('downloads a paid invoice named by its number, the seller the legal notice names, and pays the unpaid renewal through Mollie', async () => {
    await logIn();
    await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=factures`);
    const { orders } = await apiGet<{ orders: CustomerOrderDto[] }>('/api/vps/orders');
    const paid = orders.find((order) => order.status === 'paid' && order.invoice_number)!;
    const renewal = orders.find((order) => order.status === 'unpaid')!;
    const paidRow = page.getByRole('row').filter({ hasText: paid.invoice_number! });
    await paidRow.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'panel-invoices-download-fr-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      paidRow.getByRole('button', { name: fr.panel.invoices.download }).click(),
    ]);
    // Issue 34: named by the document's number, as an accountant files it.
    expect(download.suggestedFilename()).toBe(`facture_${paid.invoice_number}.pdf`);
    const saved = join(session.dataDir, download.suggestedFilename());
    await download.saveAs(saved);
    const text = execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
    expect(text).toContain(paid.invoice_number!);
    expect(text).toContain(DEMO_CLIENT.name);

    // The seller on the invoice is the one the legal notice names: one identity, one configuration.
    const seller = await apiGet<SellerIdentity>('/api/seller');
    await page.goto(`${shop.baseUrl}/fr/mentions-legales`);
    const notice = (await page.locator('article').innerText()).replace(/\s+/g, ' ');
    const printed = text.replace(/\s+/g, ' ');
    for (const fact of [seller.name, seller.vatNumber, seller.enterpriseNumber!, seller.email, seller.address.split(',')[0]!]) {
      expect(notice).toContain(fact);
      expect(printed).toContain(fact);
    }
    expect(notice).not.toMatch(/exemple de format|XXX|à remplacer|hubhost\.example/i);
    await screenshot(page, 'legal-notice-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'legal-notice-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=factures`);
    await paidRow.waitFor();

    // The same invoice as a Peppol BIS 3.0 e-invoice (UBL), checked against the official rules.
    const [ubl] = await Promise.all([
      page.waitForEvent('download'),
      paidRow.getByRole('button', { name: fr.panel.invoices.downloadUbl }).click(),
    ]);
    expect(ubl.suggestedFilename()).toBe(`facture_${paid.invoice_number}.xml`);
    const xmlPath = join(session.dataDir, ubl.suggestedFilename());
    await ubl.saveAs(xmlPath);
    const xml = readFileSync(xmlPath, 'utf8');
    expect(xml).toContain(
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>',
    );
    expect(xml).toContain(`<cbc:ID>${paid.invoice_number}</cbc:ID>`);

    // Pay the renewal: Mollie's page (the sandbox one here), then back to a paid invoice.
    const renewalRow = page.getByRole('row').filter({ hasText: `#${renewal.id}` });
    await renewalRow.getByRole('button', { name: fr.panel.invoices.pay, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/fr/sandbox-checkout/'));
    await page.getByText(fr.sandboxCheckout.provider.mollie).first().waitFor();
    await page.getByRole('button', { name: /^Payer / }).click();
    await page.waitForURL(at('/fr/payment/success'));
    // Issue 29 item 11: a renewal extends the running server; nothing is "prepared" or delivered.
    await page.getByText(fr.paymentReturn.renewedThanks).waitFor({ timeout: 20_000 });
    await page.getByText(/^Votre service est prolongé jusqu'au \d{1,2} \S+ \d{4}\.$/).waitFor();
    expect(await page.getByText(fr.paymentReturn.next).count()).toBe(0);
    await screenshot(page, 'payment-success-renewal-fr-1280');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'payment-success-renewal-fr-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=factures`);
    const { orders: after } = await apiGet<{ orders: CustomerOrderDto[] }>('/api/vps/orders');
    const renewed = after.find((order) => order.id === renewal.id)!;
    expect(renewed.status).toBe('paid');
    const renewedRow = page.getByRole('row').filter({ hasText: renewed.invoice_number! });
    await renewedRow.getByText(fr.orderStatus.paid).waitFor();
    expect(await renewedRow.getByRole('button', { name: fr.panel.invoices.pay, exact: true }).count()).toBe(0);
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'panel-invoices-paid-fr-375');
    expect(problems).toEqual([]);
  });

  it('pays an unpaid invoice from the wallet balance, and the balance and movements follow', async () => {
    await logIn();
    // An order left unpaid (bank transfer chosen, money not sent), placed as the cart places it.
    const products = await apiGet<Product[]>('/api/products');
    const product = products.find((p) => p.slug === 'vps-linux-nvme-pro')!;
    const line = { ...product, qty: 1 };
    const placed = await apiPost<{ orderId: number }>('/api/checkout/bank-transfer', {
      items: [{ productId: product.id, qty: 1, os: product.os_choices[0]?.id }],
      totalCents: cartTotals([line]).totalCents,
      accountIBAN: 'BE68539007547034',
      accountName: DEMO_CLIENT.name,
      lng: 'fr',
    });
    const orderId = placed.orderId;
    const before = await apiGet<WalletDto>('/api/wallet');

    await page.goto(`${shop.baseUrl}/fr/PanelCLient?tab=factures`);
    const row = page.getByRole('row').filter({ hasText: `#${orderId}` });
    await row.getByRole('button', { name: fr.panel.wallet.pay }).click();
    const dialog = page.getByRole('alertdialog', { name: fr.panel.wallet.confirmTitle });
    await dialog.waitFor();
    await screenshot(page, 'panel-wallet-confirm-fr-1280');
    await dialog.getByRole('button', { name: /^Payer / }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /payée avec votre solde/ })
      .waitFor();

    const after = await apiGet<WalletDto>('/api/wallet');
    const { orders } = await apiGet<{ orders: CustomerOrderDto[] }>('/api/vps/orders');
    const paid = orders.find((order) => order.id === orderId)!;
    expect(paid).toMatchObject({ status: 'pending', payment_method: 'wallet' });
    expect(after.balance_cents).toBe(before.balance_cents - paid.total_cents);
    expect(after.transactions[0]).toMatchObject({ type: 'debit', amount_cents: -paid.total_cents, order_id: orderId });
    await page
      .getByText(formatMoney(after.balance_cents, 'EUR', 'fr'))
      .first()
      .waitFor();
    expect(await row.getByRole('button', { name: fr.panel.wallet.pay }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'panel-wallet-paid-fr-375');
    expect(problems).toEqual([]);
  });
});

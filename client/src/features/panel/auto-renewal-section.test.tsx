// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import { autoRenewalApi } from '../../../../shared/contract/auto-renewal';
import { paymentMethodsApi } from '../../../../shared/contract/payment-methods';
import fr from '../../../../shared/locales/fr.json';
import type { AutoRenewalServiceDto } from '../../../../shared/schemas/payment-methods';
import { answer, isCallOf } from '../../testing/contract-mock';
import { callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { PanelPage } from './panel-page';

// The 'Paiement' tab's automatic-renewal switches come 50 servers a page: 'Charger plus' adds the
// servers after the last one shown; a switch answers its own server only, the others stay.

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const service = (id: number, overrides: Partial<AutoRenewalServiceDto> = {}): AutoRenewalServiceDto => ({
  vps_id: id,
  product_name: `VPS Linux ${id}`,
  service_name: `vps-${id}.vps.ovh.net`,
  auto_renew: true,
  expires_at: '2026-12-20T10:00:00.000Z',
  next_charge_at: '2026-12-17T10:00:00.000Z',
  ...overrides,
});

function openPaymentTab(renewals: (url: string, init: RequestInit | undefined) => Response | undefined) {
  storeDemoSession();
  const fetchMock = mockFetch((url, init) => {
    if (isCallOf(authApi.me, url, init)) return answer(authApi.me, { user: demoUser });
    if (isCallOf(paymentMethodsApi.list, url, init))
      return answer(paymentMethodsApi.list, { methods: [], can_save: { stripe: false, mollie: false, sandbox: false } });
    return renewals(url, init) ?? json(404, {});
  });
  renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=paiement' });
  return fetchMock;
}

const section = () => screen.findByRole('region', { name: fr.panel.autoRenewal.title }, { timeout: 5000 });
const switches = (region: HTMLElement) =>
  within(region)
    .getAllByRole('switch')
    .filter((s) => s.closest('li'));

describe('the panel’s automatic-renewal switches', () => {
  it('names each switch by the product bought, the host name beside it (issue 34)', async () => {
    openPaymentTab((url) =>
      url === '/api/auto-renewal'
        ? answer(autoRenewalApi.get, {
            wallet_first: true,
            has_method: true,
            services: [service(7), service(8, { product_name: null })],
            next: null,
          })
        : undefined,
    );
    const region = await section();
    const [bought, unnamed] = switches(region);
    expect(bought!.closest('label')!.querySelector('.renewal-item__name')!.textContent).toBe('Renouveler VPS Linux 7 automatiquement');
    expect(within(bought!.closest('li')!).getByText('vps-7.vps.ovh.net')).toBeTruthy();
    expect(within(region).getByRole('switch', { name: /^Renouveler VPS Linux 7 automatiquement/ })).toBe(bought);
    // A machine with no order line left still has a name to switch by.
    expect(unnamed!.closest('label')!.querySelector('.renewal-item__name')!.textContent).toBe(
      'Renouveler vps-8.vps.ovh.net automatiquement',
    );
  });

  it("'Charger plus' adds the servers after the last one shown; a switch changes only its own server", async () => {
    const first = Array.from({ length: 50 }, (_, i) => service(100 + i));
    let failNext = true;
    const fetchMock = openPaymentTab((url, init) => {
      if (url === '/api/auto-renewal')
        return answer(autoRenewalApi.get, { wallet_first: true, has_method: true, services: first, next: 149 });
      if (url === '/api/auto-renewal?after=149')
        return failNext
          ? json(500, { error: 'internal', message: 'down' })
          : answer(autoRenewalApi.get, { wallet_first: true, has_method: true, services: [service(150)], next: null });
      if (url === '/api/auto-renewal/services/150' && init?.method === 'PUT')
        return answer(autoRenewalApi.setService, { service: service(150, { auto_renew: false, next_charge_at: null }) });
      return undefined;
    });
    const region = await section();
    expect(switches(region)).toHaveLength(50);

    // A page that cannot be read says so; the servers shown stay and the button tries again.
    fireEvent.click(within(region).getByRole('button', { name: fr.panel.vps.loadMore }));
    expect(await within(region).findByText(fr.panel.vps.loadMoreFailed)).toBeTruthy();
    expect(switches(region)).toHaveLength(50);
    failNext = false;
    fireEvent.click(within(region).getByRole('button', { name: fr.panel.vps.loadMore }));
    await waitFor(() => expect(switches(region)).toHaveLength(51));
    expect(within(region).queryByText(fr.panel.vps.loadMoreFailed)).toBeNull();
    expect(within(region).queryByRole('button', { name: fr.panel.vps.loadMore })).toBeNull();
    expect(callsTo(fetchMock, '/api/auto-renewal?').map(([url]) => url)).toEqual([
      '/api/auto-renewal?after=149',
      '/api/auto-renewal?after=149',
    ]);

    const last = within(region).getByRole('switch', { name: /vps-150\.vps\.ovh\.net/ }) as HTMLInputElement;
    fireEvent.click(last);
    await waitFor(() => expect(last.checked).toBe(false));
    const [put] = callsTo(fetchMock, '/api/auto-renewal/services/150');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ enabled: false });
    expect(switches(region)).toHaveLength(51); // the pages read so far stay
    expect((within(region).getByRole('switch', { name: /vps-100\.vps\.ovh\.net/ }) as HTMLInputElement).checked).toBe(true);
  });
});

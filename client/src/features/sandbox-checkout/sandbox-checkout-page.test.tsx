// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { pathOf } from '../../../../shared/contract/endpoint';
import { paymentsApi } from '../../../../shared/contract/payments';
import type { SandboxCheckoutDto } from '../../../../shared/schemas/checkout';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { answer as contractAnswer } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch, networkDown } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { SandboxCheckoutPage } from './sandbox-checkout-page';

const ID = '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f';
const PATH = pathOf(paymentsApi.sandboxCheckout, { id: ID });
const SUCCESS_URL = 'http://shop.test/fr/payment/success?orderId=42';
const CANCEL_URL = 'http://shop.test/fr/payment/cancel?orderId=42';

const checkout = (overrides: Partial<SandboxCheckoutDto> = {}): SandboxCheckoutDto => ({
  id: ID,
  provider: 'stripe',
  orderId: 42,
  amountCents: 4999,
  currency: 'EUR',
  status: 'open',
  lines: [{ name: 'VPS NVMe 8 Go', qty: 1 }],
  ...overrides,
});

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // jsdom cannot leave the page: record where the page sends the customer instead.
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function openSandbox(handler: Handler, url = `/fr/sandbox-checkout/${ID}`) {
  const fetchMock = mockFetch(handler);
  const view = renderPage(<SandboxCheckoutPage />, { path: 'sandbox-checkout/:checkoutId', url });
  return { fetchMock, ...view };
}

const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const amount = formatMoney(4999, 'EUR', 'fr');
/** Testing Library folds the no-break spaces Intl puts in amounts into plain ones. */
const folded = (text: string) => text.replace(/\s+/g, ' ');
const payButton = () => screen.getByRole('button', { name: `Payer ${amount}` }) as HTMLButtonElement;
const cancelButton = () => screen.getByRole('button', { name: 'Annuler le paiement' }) as HTMLButtonElement;
const posts = (fetchMock: ReturnType<typeof mockFetch>) => callsTo(fetchMock, PATH).filter(([, init]) => init?.method === 'POST');

describe('sandbox payment page', () => {
  it('says it is a test, names the provider it stands in for, and shows amount, order and lines', async () => {
    const { fetchMock } = openSandbox(() =>
      contractAnswer(paymentsApi.sandboxCheckout, { checkout: checkout({ lines: [{ name: 'VPS NVMe 8 Go', qty: 2 }] }) }),
    );
    expect(screen.getByText('Chargement du paiement…')).toBeTruthy();
    await flush();
    expect(screen.getByRole('note').textContent).toContain('Mode test');
    expect(screen.getByRole('note').textContent).toContain('Aucun argent réel');
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement de test' })).toBeTruthy();
    expect(screen.getByText('Simule : Carte bancaire (Stripe)')).toBeTruthy();
    expect(screen.getByText(folded(amount))).toBeTruthy();
    expect(screen.getByText('Commande n° 42')).toBeTruthy();
    const line = within(screen.getByRole('list')).getByRole('listitem');
    expect(line.textContent).toBe('VPS NVMe 8 GoQuantité : 2');
    expect(payButton().disabled).toBe(false);
    expect(cancelButton().disabled).toBe(false);
    // No session needed: the checkout id is the only credential.
    const [get] = callsTo(fetchMock, PATH);
    expect(get?.[1]?.method).toBe('GET');
    expect(bearerOf(get?.[1])).toBeUndefined();
  });

  it.each([
    ['paypal', 'Simule : PayPal'],
    ['mollie', 'Simule : Mollie'],
  ] as const)('names %s', async (provider, label) => {
    openSandbox(() => contractAnswer(paymentsApi.sandboxCheckout, { checkout: checkout({ provider }) }));
    await flush();
    expect(screen.getByText(label)).toBeTruthy();
  });

  it('Pay posts to /pay, disables both buttons while it runs, then goes to the answer’s redirectUrl', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = openSandbox((_url, init) =>
      init?.method === 'POST'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : contractAnswer(paymentsApi.sandboxCheckout, { checkout: checkout() }),
    );
    await flush();
    await act(async () => void fireEvent.click(payButton()));
    expect(posts(fetchMock).map(([url]) => url)).toEqual([`${PATH}/pay`]);
    const busy = screen.getByRole('button', { name: 'Paiement en cours…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(cancelButton().disabled).toBe(true);
    fireEvent.click(cancelButton());
    expect(posts(fetchMock)).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();

    await act(async () => answer(contractAnswer(paymentsApi.sandboxPay, { redirectUrl: SUCCESS_URL })));
    await flush();
    expect(assign).toHaveBeenCalledWith(SUCCESS_URL);
    // Leaving the page: the buttons stay disabled so nothing is sent twice.
    expect((screen.getByRole('button', { name: 'Paiement en cours…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('Cancel posts to /cancel and goes to the cancel page', async () => {
    const { fetchMock } = openSandbox((_url, init) =>
      init?.method === 'POST'
        ? contractAnswer(paymentsApi.sandboxCancel, { redirectUrl: CANCEL_URL })
        : contractAnswer(paymentsApi.sandboxCheckout, { checkout: checkout() }),
    );
    await flush();
    await act(async () => void fireEvent.click(cancelButton()));
    await flush();
    expect(posts(fetchMock).map(([url]) => url)).toEqual([`${PATH}/cancel`]);
    expect(assign).toHaveBeenCalledWith(CANCEL_URL);
  });

  it('a failed Pay shows an alert and gives the buttons back', async () => {
    openSandbox((_url, init) =>
      init?.method === 'POST'
        ? json(500, { error: 'internal_error' })
        : contractAnswer(paymentsApi.sandboxCheckout, { checkout: checkout() }),
    );
    await flush();
    await act(async () => void fireEvent.click(payButton()));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe("Le paiement n'a pas pu être traité. Réessayez dans un instant.");
    expect(payButton().disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a network failure on Cancel says so', async () => {
    openSandbox((_url, init) =>
      init?.method === 'POST' ? networkDown() : contractAnswer(paymentsApi.sandboxCheckout, { checkout: checkout() }),
    );
    await flush();
    await act(async () => void fireEvent.click(cancelButton()));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Une erreur réseau est survenue. Vérifiez votre connexion et réessayez.');
    expect(cancelButton().disabled).toBe(false);
  });

  it('Pay on a checkout closed meanwhile (409) reads it again and shows it paid', async () => {
    let current = checkout();
    openSandbox((_url, init) => {
      if (init?.method !== 'POST') return contractAnswer(paymentsApi.sandboxCheckout, { checkout: current });
      current = checkout({ status: 'paid' });
      return json(409, { error: 'checkout_closed', message: 'This payment is already paid' });
    });
    await flush();
    await act(async () => void fireEvent.click(payButton()));
    await flush();
    expect(screen.getByText('Paiement déjà effectué')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Payer ${amount}` })).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('an already paid checkout shows that state and a link to the panel, without buttons', async () => {
    openSandbox(() => contractAnswer(paymentsApi.sandboxCheckout, { checkout: checkout({ status: 'paid' }) }));
    await flush();
    expect(screen.getByRole('status').textContent).toContain('Paiement déjà effectué');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Aller à mon espace client' }).getAttribute('href')).toBe('/fr/PanelCLient?tab=factures');
  });

  it('a cancelled checkout says so', async () => {
    openSandbox(() => contractAnswer(paymentsApi.sandboxCheckout, { checkout: checkout({ status: 'cancelled' }) }));
    await flush();
    expect(screen.getByRole('status').textContent).toContain('Ce paiement a été annulé.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Aller à mon espace client' })).toBeTruthy();
  });

  it('404: payment not found', async () => {
    openSandbox(() => json(404, { error: 'not_found', message: 'No such payment' }));
    await flush();
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement introuvable' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe("Ce lien de paiement n'existe pas ou n'est plus valable.");
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a failed load shows an alert and can be retried', async () => {
    let fail = true;
    openSandbox(() =>
      fail ? json(500, { error: 'internal_error' }) : contractAnswer(paymentsApi.sandboxCheckout, { checkout: checkout() }),
    );
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Impossible de charger le paiement. Vérifiez votre connexion et réessayez.');
    fail = false;
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Réessayer' })));
    await flush();
    expect(payButton()).toBeTruthy();
  });

  it('formats the amount in the page’s language', async () => {
    openSandbox(
      () => contractAnswer(paymentsApi.sandboxCheckout, { checkout: checkout({ amountCents: 123456, currency: 'USD' }) }),
      `/en/sandbox-checkout/${ID}`,
    );
    await flush();
    expect(screen.getByText(formatMoney(123456, 'USD', 'en'))).toBeTruthy();
  });
});

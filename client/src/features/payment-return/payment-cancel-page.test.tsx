// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { PaymentCancelPage } from './payment-cancel-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const cart = JSON.stringify([
  { productId: 5, name: 'VPS NVMe 8 Go', price_cents: 1000, currency: 'EUR', qty: 1, image_url: null, config_products: '{}' },
]);

function openCancel(url: string) {
  const fetchMock = mockFetch(() => json(500, {}));
  renderPage(<PaymentCancelPage />, { path: 'payment/cancel', url });
  return fetchMock;
}

describe('payment cancel page', () => {
  it('says the payment is cancelled, the order stays payable from the panel, and keeps the cart', () => {
    localStorage.setItem('cart', cart);
    const fetchMock = openCancel('/fr/payment/cancel?orderId=42');
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement annulé' })).toBeTruthy();
    expect(screen.getByText(/Votre commande n° 42 reste en attente de paiement/)).toBeTruthy();
    expect(screen.getByText('Votre panier est conservé si vous souhaitez réessayer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour au panier' }).getAttribute('href')).toBe('/fr/Cart');
    expect(screen.getByRole('link', { name: 'Mon espace client' }).getAttribute('href')).toBe('/fr/PanelCLient?tab=factures');
    expect(localStorage.getItem('cart')).toBe(cart);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without an order id, and with an empty cart', () => {
    openCancel('/fr/payment/cancel');
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement annulé' })).toBeTruthy();
    expect(screen.getByText(/^Votre commande reste en attente de paiement/)).toBeTruthy();
    expect(screen.queryByText(/Votre panier est conservé/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour au panier' }).getAttribute('href')).toBe('/fr/Cart');
  });
});

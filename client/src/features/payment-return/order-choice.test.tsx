// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ordersApi } from '../../../../shared/contract/orders';
import { answer } from '../../testing/contract-mock';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { customerOrder, orderLine } from '../../testing/test-orders';
import { PaymentSuccessPage } from './payment-success-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('payment success page: the choice bought (issue 31)', () => {
  it('tells a Belgian business that its invoice went through Peppol to its accounting software, not by mail', async () => {
    storeDemoSession();
    const order = customerOrder({
      status: 'paid',
      paid_at: '2026-11-20T09:31:00.000Z',
      invoice_number: '2026-000006',
      invoice_peppol_id: '0208:0403170701',
    });
    mockFetch((u) => (u === '/api/auth/me' ? json(200, { user: demoUser }) : answer(ordersApi.get, { order })));
    renderPage(<PaymentSuccessPage />, { path: 'payment/success', url: '/fr/payment/success?orderId=42' });
    expect(
      await screen.findByText(
        'Votre facture n° 2026-000006 est envoyée par le réseau Peppol directement dans votre logiciel comptable (identifiant Peppol 0208:0403170701) : vous ne la recevrez pas par e-mail. Vous pouvez aussi la télécharger en PDF et en UBL dans « Mes Factures ».',
      ),
    ).toBeTruthy();
  });

  it('names the product with the game version chosen, and leads to « Mes services »', async () => {
    storeDemoSession();
    const order = customerOrder({
      status: 'paid',
      paid_at: '2026-11-20T09:31:00.000Z',
      lines: [orderLine({ name: 'Minecraft Survie 4 Go', variant: { id: 'paper', name: 'Paper' } })],
    });
    mockFetch((u) => (u === '/api/auth/me' ? json(200, { user: demoUser }) : answer(ordersApi.get, { order })));
    renderPage(<PaymentSuccessPage />, { path: 'payment/success', url: '/fr/payment/success?orderId=42' });
    const product = await screen.findByText('Minecraft Survie 4 Go · Paper');
    expect(product.previousElementSibling?.textContent).toBe('Produit');
    expect(screen.getByRole('link', { name: 'Voir mes services' }).getAttribute('href')).toBe('/fr/PanelCLient?tab=services');
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import { autoRenewalApi } from '../../../../shared/contract/auto-renewal';
import { paymentMethodsApi } from '../../../../shared/contract/payment-methods';
import fr from '../../../../shared/locales/fr.json';
import { answer, isCallOf } from '../../testing/contract-mock';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { PanelPage } from './panel-page';

// Saving payment methods is limited per account and hour (issue 29): past it the server answers
// 429, and the 'Paiement' tab says so instead of "try again in a moment".

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function openPaymentTab(save: () => Response) {
  storeDemoSession();
  mockFetch((url, init) => {
    if (isCallOf(authApi.me, url, init)) return answer(authApi.me, { user: demoUser });
    if (isCallOf(paymentMethodsApi.list, url, init))
      return answer(paymentMethodsApi.list, { methods: [], can_save: { stripe: false, mollie: false, sandbox: true } });
    if (isCallOf(autoRenewalApi.get, url, init))
      return answer(autoRenewalApi.get, { wallet_first: true, has_method: false, services: [], next: null });
    if (isCallOf(paymentMethodsApi.saveSandbox, url, init)) return save();
    return json(404, {});
  });
  renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=paiement' });
}

describe('saving a card past the hourly limit', () => {
  it('a customer who saved too many cards this hour is told so (429)', async () => {
    openPaymentTab(() => json(429, { error: 'too_many_attempts', message: 'Too many attempts, try again later' }));
    fireEvent.click(await screen.findByRole('button', { name: fr.panel.methods.addSandbox }, { timeout: 5000 }));
    expect(await screen.findByText(fr.panel.methods.notices.tooMany)).toBeTruthy();
  });

  it('any other failure keeps the usual text', async () => {
    openPaymentTab(() => json(500, { error: 'internal_error', message: 'down' }));
    fireEvent.click(await screen.findByRole('button', { name: fr.panel.methods.addSandbox }, { timeout: 5000 }));
    expect(await screen.findByText(fr.panel.methods.notices.actionFailed)).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import fr from '../../../../../shared/locales/fr.json';
import { initI18n } from '../../../app/i18n';
import { mockFetch } from '../../../testing/fetch-mock';
import { StaffContext, type StaffContextValue } from '../staff-context';
import { staffUser } from '../staff-test-kit';
import { OrdersPage } from './orders-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(overrides: Partial<StaffContextValue>) {
  const i18n = initI18n('fr', fr);
  const fetchMock = mockFetch(() => new Response('{}'));
  const value: StaffContextValue = {
    user: staffUser('admin'),
    adminToken: 'staff-token',
    role: 'admin',
    isOnline: true,
    setOnline: () => undefined,
    expire: () => undefined,
    ...overrides,
  };
  render(
    <I18nextProvider i18n={i18n}>
      <StaffContext value={value}>
        <OrdersPage />
      </StaffContext>
    </I18nextProvider>,
  );
  return fetchMock;
}

describe('order list identity (spec §5 "Order list")', () => {
  it('a non-numeric user id gives « Utilisateur non identifié » and no call', () => {
    const fetchMock = renderWith({ user: { ...staffUser('admin'), id: Number('abc') } });
    expect(screen.getByRole('alert').textContent).toBe('Utilisateur non identifié');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('no token gives « Utilisateur non identifié » too', () => {
    const fetchMock = renderWith({ adminToken: '' });
    expect(screen.getByRole('alert').textContent).toBe('Utilisateur non identifié');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

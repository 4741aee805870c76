// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { accountApi } from '../../../../shared/contract/account';
import { authApi } from '../../../../shared/contract/auth';
import { answer } from '../../testing/contract-mock';
import { json, mockFetch } from '../../testing/fetch-mock';
import { stubDialogElement } from '../../testing/dialogs';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { DataSection } from './data-section';

stubDialogElement();

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A logged-in customer with nothing that blocks the deletion; `deletion` answers the DELETE. */
function renderDeletion(deletion: () => Response) {
  storeDemoSession();
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/auth/me') return answer(authApi.me, { user: demoUser });
    if (url === '/api/account/deletion' && (init?.method ?? 'GET') === 'GET')
      return answer(accountApi.deletionCheck, { allowed: true, blockers: [], walletCents: 0, currency: 'EUR' });
    return deletion();
  });
  renderPage(<DataSection hasPassword />, { path: 'settings', url: '/fr/settings' });
  return fetchMock;
}

const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.classList.contains('field__error'))?.textContent;

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
  });

describe('deleting the account (react-hook-form)', () => {
  it('a customer who asks without the password nor the box sees both errors, the focus on the password, and no dialog', async () => {
    const deletion = vi.fn(() => json(500, {}));
    renderDeletion(deletion);
    const password = await screen.findByLabelText(/^Mot de passe actuel/);
    await submit();

    await vi.waitFor(() => expect(document.activeElement).toBe(password));
    expect(errorOf(password)).toBe('Saisissez votre mot de passe actuel.');
    expect(errorOf(screen.getByRole('checkbox'))).toBe('Cochez la case pour confirmer la suppression.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deletion).not.toHaveBeenCalled();
  });

  it('a wrong password refused by the server after the dialog shows under the password field, focused', async () => {
    const fetchMock = renderDeletion(() =>
      json(403, { error: 'wrong_current_password', message: 'wrong', fields: { currentPassword: ['account.errorcurrentwrong'] } }),
    );
    const password = await screen.findByLabelText(/^Mot de passe actuel/);
    fireEvent.change(password, { target: { value: 'pas-le-bon' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await submit();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Supprimer définitivement' }));
    });

    await vi.waitFor(() => expect(errorOf(password)).toBe('Le mot de passe actuel est incorrect.'));
    expect(document.activeElement).toBe(password);
    const sent = fetchMock.mock.calls.find(([url, init]) => url === '/api/account/deletion' && init?.method !== 'GET');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ currentPassword: 'pas-le-bon', confirm: true });
  });
});

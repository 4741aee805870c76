// @vitest-environment jsdom
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import { answer } from '../../testing/contract-mock';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { PasswordSection } from './password-section';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A logged-in customer; `api` answers every call but /api/auth/me. */
function renderLoggedIn(element: ReactElement, api: (url: string) => Response) {
  storeDemoSession();
  mockFetch((url) => (url === '/api/auth/me' ? answer(authApi.me, { user: demoUser }) : api(url)));
  return renderPage(element, { path: 'settings', url: '/fr/settings' });
}

const submit = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

/** The error a field is described by (aria-describedby), as a screen reader reads it. */
function errorOf(field: HTMLElement): string | null | undefined {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('field__error'))?.textContent;
}

describe('changing the password (react-hook-form, server field errors)', () => {
  it('a wrong current password refused by the server shows under its field, which gets the focus', async () => {
    renderLoggedIn(<PasswordSection hasPassword />, () =>
      // What the server answers (account.errors.ts): a 403 whose field carries a list of keys.
      json(403, {
        error: 'wrong_current_password',
        message: 'The current password is wrong',
        fields: { currentPassword: ['account.errorcurrentwrong'] },
      }),
    );
    fireEvent.change(screen.getByLabelText(/^Mot de passe actuel/), { target: { value: 'pas-le-bon' } });
    fireEvent.change(screen.getByLabelText(/^Nouveau mot de passe/), { target: { value: 'nouveau-secret' } });
    fireEvent.change(screen.getByLabelText(/^Confirmer/), { target: { value: 'nouveau-secret' } });
    await submit('Changer le mot de passe');

    const current = screen.getByLabelText(/^Mot de passe actuel/);
    await vi.waitFor(() => expect(errorOf(current)).toBe('Le mot de passe actuel est incorrect.'));
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(current);
    expect(errorOf(screen.getByLabelText(/^Nouveau mot de passe/))).toBeUndefined();
  });

  it('a server field message the locales lack is shown as the form’s generic error, not as raw text', async () => {
    renderLoggedIn(<PasswordSection hasPassword />, () =>
      json(400, { error: 'validation_failed', message: 'Invalid', fields: { newPassword: 'Too weak (server text)' } }),
    );
    fireEvent.change(screen.getByLabelText(/^Mot de passe actuel/), { target: { value: 'ancien-secret' } });
    fireEvent.change(screen.getByLabelText(/^Nouveau mot de passe/), { target: { value: 'nouveau-secret' } });
    fireEvent.change(screen.getByLabelText(/^Confirmer/), { target: { value: 'nouveau-secret' } });
    await submit('Changer le mot de passe');

    const field = screen.getByLabelText(/^Nouveau mot de passe/);
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    expect(errorOf(field)).toBe('Ce champ est obligatoire.'); // register.errorform
  });
});

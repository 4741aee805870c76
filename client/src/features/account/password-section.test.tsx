// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { json } from '../../testing/fetch-mock';
import { errorOf, renderLoggedIn, submit } from '../../testing/logged-in-form';
import { PasswordSection } from './password-section';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

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

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import { answer, isCallOf } from '../../testing/contract-mock';
import { callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

const resetDone = () => answer(authApi.resetPassword, { message: 'resetpassword.success' });

function renderReset(url: string, submitAnswer: () => Response = resetDone, valid = true) {
  const fetchMock = mockFetch((path, init) =>
    isCallOf(authApi.checkResetToken, path, init) ? answer(authApi.checkResetToken, { valid }) : submitAnswer(),
  );
  return { fetchMock, ...renderPage(<ResetPasswordPage />, { path: 'reset-password', url }) };
}

async function fill(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText(/^Nouveau mot de passe/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirmer le mot de passe/), { target: { value: confirmation } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
  });
}

describe('reset password (spec §2, §4, §8)', () => {
  it('no token: "Token manquant." and no call', async () => {
    const { fetchMock } = renderReset('/fr/reset-password');
    expect(screen.getByRole('alert').textContent).toBe('Token manquant.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the token on load: invalid -> "Token invalide ou expiré."', async () => {
    const { fetchMock } = renderReset('/fr/reset-password?token=t%2F1', undefined, false);
    expect((await screen.findByRole('alert')).textContent).toBe('Token invalide ou expiré.');
    expect(callsTo(fetchMock, '/api/auth/check-reset-token')[0]?.[0]).toBe('/api/auth/check-reset-token?token=t%2F1');
  });

  it('valid: the form checks length and confirmation with the spec texts', async () => {
    const { fetchMock } = renderReset('/fr/reset-password?token=good');
    await screen.findByLabelText(/^Nouveau mot de passe/);
    await fill('123', '123');
    expect(screen.getByText('Le mot de passe doit contenir au moins 6 caractères.')).toBeTruthy();
    await fill('secret1', 'secret2');
    expect(screen.getByText('Les mots de passe ne correspondent pas.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/auth/reset-password')).toHaveLength(0);
  });

  it('success: the spec text, then login (with fromInside) after 3 s', async () => {
    vi.useFakeTimers();
    const { fetchMock, router } = renderReset('/fr/reset-password?token=good');
    await tick(0);
    await fill('secret1', 'secret1');
    await tick(0);
    expect(screen.getByRole('status').textContent).toContain('Mot de passe réinitialisé avec succès !');
    expect(JSON.parse(String(callsTo(fetchMock, '/api/auth/reset-password')[0]?.[1]?.body))).toEqual({
      token: 'good',
      newPassword: 'secret1',
    });
    await tick(2999);
    expect(router.state.location.pathname).toBe('/fr/reset-password');
    await tick(1);
    expect(router.state.location.pathname).toBe('/fr/login');
    expect(router.state.location.state).toEqual({ fromInside: true });
  });

  it.each([
    [json(400, { error: 'invalid_token', message: 'Invalid token' }), 'Token invalide ou expiré.'],
    [json(500, { error: 'internal', message: 'Boom' }), 'Erreur lors de la réinitialisation.'],
  ])('a failed reset shows the mapped text (%#)', async (answer, text) => {
    renderReset('/fr/reset-password?token=good', () => answer);
    await screen.findByLabelText(/^Nouveau mot de passe/);
    await fill('secret1', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });
});

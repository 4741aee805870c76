// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import { answer } from '../../testing/contract-mock';
import { callsTo, mockFetch, networkDown } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { ForgetPasswordPage } from './forget-password-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForgot(reply: () => Response | Promise<Response>) {
  const fetchMock = mockFetch(() => reply());
  renderPage(<ForgetPasswordPage />, { path: 'forget-password', url: '/nl/forget-password', state: { fromInside: true } });
  return fetchMock;
}

describe('forgot password (spec §2, §5, §8)', () => {
  it('two accordions; the individual one asks for the e-mail and shows the server message translated', async () => {
    const fetchMock = renderForgot(() => answer(authApi.forgotPassword, { message: 'forgetpassword.emailSent' }));
    expect(screen.getByRole('button', { name: 'Compte particulier' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Compte entreprise' }).getAttribute('aria-expanded')).toBe('false');
    const panel = screen.getByRole('region', { name: 'Compte particulier' });
    fireEvent.change(within(panel).getByLabelText(/^Adresse e-mail/), { target: { value: 'a@example.test' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Envoyer le lien' }));
    });
    expect(await screen.findByText(/un e-mail de réinitialisation vient d'être envoyé/)).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetchMock, '/api/auth/forget-password-via-email')[0]?.[1]?.body))).toEqual({
      email: 'a@example.test',
      tva: null,
      language: 'nl',
    });
  });

  it('the business one requires the VAT number (forgetpassword.tvaRequired)', async () => {
    const fetchMock = renderForgot(() => answer(authApi.forgotPassword, { message: 'forgetpassword.emailSent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Compte entreprise' }));
    expect(screen.queryByRole('region', { name: 'Compte particulier' })).toBeNull(); // one open at a time
    const panel = screen.getByRole('region', { name: 'Compte entreprise' });
    fireEvent.change(within(panel).getByLabelText(/^Adresse e-mail/), { target: { value: 'b@example.test' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Envoyer le lien' }));
    });
    expect(screen.getByText('Le numéro de TVA est obligatoire.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failure shows forgetpassword.error', async () => {
    renderForgot(() => networkDown());
    const panel = screen.getByRole('region', { name: 'Compte particulier' });
    fireEvent.change(within(panel).getByLabelText(/^Adresse e-mail/), { target: { value: 'a@example.test' } });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Envoyer le lien' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Une erreur est survenue. Réessayez plus tard.');
  });
});

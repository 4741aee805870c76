// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import { answer } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { VerifyEmailPage } from './verify-email-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const unverified = { ...demoUser, emailVerified: false };

function renderVerify(url = '/fr/verify-email') {
  return renderPage(<VerifyEmailPage />, { path: 'verify-email', url });
}

describe('verify e-mail: waiting page (spec §2, §8, §9)', () => {
  it('polls check-verified every 5 s with the bearer token, then goes home 2 s after confirmation', async () => {
    vi.useFakeTimers();
    storeDemoSession(unverified, 'jwt-1');
    localStorage.setItem('emailToVerify', 'new@example.test');
    let verified = false;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/me') return answer(authApi.me, { user: { ...unverified, emailVerified: verified } });
      if (url.startsWith('/api/auth/check-verified')) return answer(authApi.checkVerified, { isVerified: verified });
      return json(404, {});
    });
    const { router } = renderVerify();
    await tick(0);
    expect(screen.getByText('new@example.test')).toBeTruthy();
    expect(screen.getByText('En attente de la confirmation…')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/auth/check-verified')).toHaveLength(0);

    await tick(5000);
    const calls = callsTo(fetchMock, '/api/auth/check-verified');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toBe('/api/auth/check-verified?email=new%40example.test');
    expect(bearerOf(calls[0]?.[1])).toBe('Bearer jwt-1');

    await tick(4999);
    expect(callsTo(fetchMock, '/api/auth/check-verified')).toHaveLength(1);
    verified = true;
    await tick(1);
    expect(callsTo(fetchMock, '/api/auth/check-verified')).toHaveLength(2);
    expect(screen.getByText("Adresse e-mail vérifiée ! Redirection vers l'accueil…")).toBeTruthy();
    // The stored user is refreshed and the address to verify forgotten.
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ emailVerified: true });
    expect(localStorage.getItem('emailToVerify')).toBeNull();

    await tick(1999);
    expect(router.state.location.pathname).toBe('/fr/verify-email');
    await tick(1);
    expect(router.state.location.pathname).toBe('/fr/');
    await tick(20_000);
    expect(callsTo(fetchMock, '/api/auth/check-verified')).toHaveLength(2);
  });

  it('a customer with something in the cart goes back to the cart, not home, once confirmed', async () => {
    vi.useFakeTimers();
    storeDemoSession(unverified, 'jwt-1');
    localStorage.setItem('emailToVerify', 'new@example.test');
    const line = { productId: 3, name: 'VPS Linux S', price_cents: 500, currency: 'EUR', qty: 1, image_url: null, config_products: '{}' };
    localStorage.setItem('cart', JSON.stringify([line]));
    mockFetch((url) => {
      if (url === '/api/auth/me') return answer(authApi.me, { user: unverified });
      if (url.startsWith('/api/auth/check-verified')) return answer(authApi.checkVerified, { isVerified: true });
      return json(404, {});
    });
    const { router } = renderVerify();
    await tick(5000);
    expect(screen.getByText('Adresse e-mail vérifiée ! Retour à votre panier…')).toBeTruthy();
    await tick(2000);
    expect(router.state.location.pathname).toBe('/fr/Cart');
  });

  it('a poll failure shows the error and stops polling', async () => {
    vi.useFakeTimers();
    storeDemoSession(unverified);
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/me' ? answer(authApi.me, { user: unverified }) : json(500, { error: 'internal', message: 'Boom' }),
    );
    renderVerify();
    await tick(5000);
    expect(screen.getByRole('alert').textContent).toBe('Erreur lors de la vérification du statut.');
    await tick(30_000);
    expect(callsTo(fetchMock, '/api/auth/check-verified')).toHaveLength(1);
  });

  it('with no e-mail stored and nobody logged in: "Aucun email trouvé pour vérifier."', async () => {
    const fetchMock = mockFetch(() => json(404, {}));
    renderVerify();
    expect(screen.getByRole('alert').textContent).toBe('Aucun email trouvé pour vérifier.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resends the e-mail for the logged-in user', async () => {
    storeDemoSession(unverified, 'jwt-1');
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/me' ? answer(authApi.me, { user: unverified }) : answer(authApi.resendVerification, { success: true }),
    );
    renderVerify();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: "Renvoyer l'e-mail" }));
    });
    expect(await screen.findByText("Un nouvel e-mail de confirmation vient d'être envoyé.")).toBeTruthy();
    const [call] = callsTo(fetchMock, '/api/auth/resend-verification');
    expect(call?.[1]?.method).toBe('POST');
    expect(bearerOf(call?.[1])).toBe('Bearer jwt-1');
  });
});

describe('verify e-mail: the link from the mail', () => {
  it('confirms the token once and says so', async () => {
    const fetchMock = mockFetch(() => answer(authApi.verifyEmail, { success: true }));
    renderVerify('/fr/verify-email?token=abc123');
    expect(await screen.findByText('Votre adresse e-mail est vérifiée. Merci !')).toBeTruthy();
    const calls = callsTo(fetchMock, '/api/auth/verify-email');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ token: 'abc123' });
  });

  it('the link from the mail, with a cart: the way on leads to the cart (via login when logged out)', async () => {
    const line = { productId: 3, name: 'VPS Linux S', price_cents: 500, currency: 'EUR', qty: 1, image_url: null, config_products: '{}' };
    localStorage.setItem('cart', JSON.stringify([line]));
    mockFetch(() => answer(authApi.verifyEmail, { success: true }));
    const { router } = renderVerify('/fr/verify-email?token=abc123');
    await screen.findByText('Votre adresse e-mail est vérifiée. Merci !');
    fireEvent.click(screen.getByRole('link', { name: 'Se connecter' }));
    expect(router.state.location.pathname).toBe('/fr/login');
    expect(router.state.location.state).toEqual({ fromInside: true, from: '/fr/Cart' });
    cleanup();

    storeDemoSession(demoUser);
    mockFetch((url) => (url === '/api/auth/me' ? answer(authApi.me, { user: demoUser }) : answer(authApi.verifyEmail, { success: true })));
    renderVerify('/fr/verify-email?token=abc123');
    await screen.findByText('Votre adresse e-mail est vérifiée. Merci !');
    expect(screen.getByRole('link', { name: 'Voir le panier' }).getAttribute('href')).toBe('/fr/Cart');
  });

  it('an invalid or expired token says so, with a resend button for a logged-in user', async () => {
    storeDemoSession(unverified);
    mockFetch((url) => (url === '/api/auth/me' ? answer(authApi.me, { user: unverified }) : json(400, { error: 'invalid_token' })));
    renderVerify('/fr/verify-email?token=old');
    expect(await screen.findByText('Ce lien de vérification est invalide ou a expiré.')).toBeTruthy();
    expect(screen.getByRole('button', { name: "Renvoyer l'e-mail" })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import { answer, isCallOf } from '../../testing/contract-mock';
import { callsTo, json, mockFetch, networkDown } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser } from '../../testing/session-fixtures';
import { LoginPage } from './login-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

type Answer = () => Response | Promise<Response>;
const loggedIn: Answer = () => answer(authApi.login, { user: demoUser, token: 'jwt-1' });

function setup(loginAnswer: Answer, { discord = true, url = '/fr/login', state = { fromInside: true } as unknown } = {}) {
  const fetchMock = mockFetch((path, init) =>
    isCallOf(authApi.providers, path, init) ? answer(authApi.providers, { discord }) : loginAnswer(),
  );
  const view = renderPage(<LoginPage />, { path: 'login', url, state });
  return { fetchMock, ...view };
}

async function submit(email = 'camille@example.test', password = 'secret1') {
  fireEvent.change(screen.getByLabelText(/^Adresse e-mail/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
  });
}

const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('login page (spec §2, §4, §8)', () => {
  it('429: "{message}. Réessayez dans {n} secondes." counts down each second, submit disabled until 0', async () => {
    vi.useFakeTimers();
    setup(() => json(429, { error: 'too_many_attempts', message: 'Too many attempts' }, { 'Retry-After': '3' }));
    await submit();
    await flush();
    const button = screen.getByRole('button', { name: 'Se connecter' }) as HTMLButtonElement;
    expect(screen.getByRole('timer').textContent).toBe('Trop de tentatives de connexion. Réessayez dans 3 secondes.');
    expect(button.disabled).toBe(true);
    await tick(1000);
    expect(screen.getByRole('timer').textContent).toBe('Trop de tentatives de connexion. Réessayez dans 2 secondes.');
    expect(button.disabled).toBe(true);
    await tick(1000);
    expect(screen.getByRole('timer').textContent).toBe('Trop de tentatives de connexion. Réessayez dans 1 secondes.');
    await tick(1000);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(button.disabled).toBe(false);
  });

  it('429 with a 15-minute lock counts down each second in minutes and seconds, announced once in minutes (issue 34)', async () => {
    vi.useFakeTimers();
    setup(() => json(429, { error: 'too_many_attempts' }, { 'Retry-After': '900' }));
    await submit();
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.');
    expect(screen.getByRole('timer').textContent).toBe('Trop de tentatives de connexion. Réessayez dans 15 min 00 s.');
    await tick(1000);
    expect(screen.getByRole('timer').textContent).toBe('Trop de tentatives de connexion. Réessayez dans 14 min 59 s.');
    expect(screen.getByRole('alert').textContent).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.');
  });

  it('429 over a minute: minutes and seconds down to 1 min 01 s, then the spec’s seconds from 60', async () => {
    vi.useFakeTimers();
    setup(() => json(429, { error: 'too_many_attempts' }, { 'Retry-After': '65' }));
    await submit();
    await flush();
    expect(screen.getByRole('timer').textContent).toBe('Trop de tentatives de connexion. Réessayez dans 1 min 05 s.');
    for (let second = 0; second < 4; second++) await tick(1000);
    expect(screen.getByRole('timer').textContent).toBe('Trop de tentatives de connexion. Réessayez dans 1 min 01 s.');
    await tick(1000);
    expect(screen.getByRole('timer').textContent).toBe('Trop de tentatives de connexion. Réessayez dans 60 secondes.');
  });

  it('the second-factor step offers no « Créer un compte » (issue 34)', async () => {
    setup(() => answer(authApi.login, { secondFactorRequired: true, challenge: 'challenge-1' }));
    expect(screen.getByText('Pas encore de compte ?')).toBeTruthy();
    await submit();
    expect(await screen.findByLabelText(/Code à 6 chiffres/)).toBeTruthy();
    expect(screen.queryByText('Pas encore de compte ?')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Créer un compte' })).toBeNull();
  });

  it('sent from the cart, it says why: to finish the order; otherwise not', async () => {
    setup(loggedIn, { state: { fromInside: true, from: '/fr/Cart' } });
    expect(screen.getByRole('status').textContent).toBe('Connectez-vous pour finaliser votre commande.');
    cleanup();
    setup(loggedIn);
    expect(screen.queryByText('Connectez-vous pour finaliser votre commande.')).toBeNull();
  });

  it('429 without Retry-After waits the default 60 seconds', async () => {
    vi.useFakeTimers();
    setup(() => json(429, { error: 'too_many_attempts' }));
    await submit();
    await flush();
    expect(screen.getByRole('timer').textContent).toContain('Réessayez dans 60 secondes.');
    for (let second = 0; second < 59; second++) await tick(1000);
    expect(screen.getByRole('timer').textContent).toContain('Réessayez dans 1 secondes.');
    await tick(1000);
    expect((screen.getByRole('button', { name: 'Se connecter' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a network failure shows login.errornetwork', async () => {
    setup(() => networkDown());
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Une erreur réseau est survenue.');
  });

  it('503 busy (the server checking too many passwords) says so, not a network failure; a gateway 503 stays a network failure', async () => {
    setup(() => json(503, { error: 'busy', message: 'Busy' }, { 'Retry-After': '1' }));
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Le serveur traite beaucoup de connexions en ce moment. Réessayez dans quelques secondes.',
    );
    cleanup();
    setup(() => new Response('Service Unavailable', { status: 503 }));
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Une erreur réseau est survenue.');
  });

  it('401 shows the invalid-credentials text', async () => {
    setup(() => json(401, { error: 'invalid_credentials', message: 'Invalid credentials' }));
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('E-mail ou mot de passe incorrect.');
  });

  it('both fields are required before any call', async () => {
    const { fetchMock } = setup(loggedIn);
    await submit('', '');
    expect(screen.getAllByText("L'e-mail et le mot de passe sont obligatoires.")).toHaveLength(2);
    expect(screen.getByLabelText(/^Adresse e-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, '/api/auth/login')).toHaveLength(0);
  });

  it('success stores the session and returns to state.from (checkout without login)', async () => {
    const user = { ...demoUser, emailVerified: false };
    const { fetchMock, router } = setup(() => answer(authApi.login, { user, token: 'jwt-1' }), {
      state: { fromInside: true, from: '/fr/Cart' },
    });
    await submit('Camille@Example.test ');
    expect(router.state.location.pathname).toBe('/fr/Cart');
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 7, emailVerified: false });
    const [, init] = callsTo(fetchMock, '/api/auth/login')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'camille@example.test', password: 'secret1' });
  });

  it('without a safe state.from it goes to /{lng}/', async () => {
    const { router } = setup(() => answer(authApi.login, { user: demoUser, token: 'jwt-1' }), {
      state: { fromInside: true, from: '//evil.test/x' },
    });
    await submit();
    expect(router.state.location.pathname).toBe('/fr/');
  });

  it('Discord: a full-page link when available; disabled with a note when not', async () => {
    setup(loggedIn);
    const link = await screen.findByRole('link', { name: 'Se connecter avec Discord' });
    expect(link.getAttribute('href')).toBe('/api/auth/discord/login?lng=fr');
    cleanup();
    setup(loggedIn, { discord: false });
    expect(await screen.findByText('Connexion Discord indisponible pour le moment.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Se connecter avec Discord' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('?error=discord shows the Discord failure text', async () => {
    setup(loggedIn, { url: '/fr/login?error=discord' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La connexion avec Discord a échoué. Réessayez ou connectez-vous avec votre e-mail.',
    );
  });
});

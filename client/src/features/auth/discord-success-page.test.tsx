// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import fr from '../../../../shared/locales/fr.json';
import { answer, isCallOf } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { DiscordSuccessPage } from './discord-success-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const renderDiscord = (url: string) => renderPage(<DiscordSuccessPage />, { path: 'discord-success', url });
const gamer = { ...demoUser, id: 42, fullName: 'Gamer Pro', email: 'gamer@example.test' };

/** The server: the exchange answers `session`, /me the stored user, logout succeeds. */
function server(session: { user: typeof demoUser; token: string }) {
  return mockFetch((url, init) => {
    if (isCallOf(authApi.discordExchange, url, init)) return answer(authApi.discordExchange, session);
    if (isCallOf(authApi.logout, url, init)) return answer(authApi.logout, { success: true });
    if (isCallOf(authApi.me, url, init)) return answer(authApi.me, { user: demoUser });
    return json(404, {});
  });
}
const logoutBearers = (fetchMock: ReturnType<typeof mockFetch>) =>
  callsTo(fetchMock, authApi.logout.path).map(([, init]) => bearerOf(init));

describe('discord-success (spec §2; issue 15: no session token in a URL)', () => {
  it('without a code, goes to login with the fromInside state', async () => {
    mockFetch(() => json(404, {}));
    const { router } = renderDiscord('/fr/discord-success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/login'));
    expect(router.state.location.state).toEqual({ fromInside: true });
  });

  it('a session token put in the URL is never read: no call, nothing stored, off to login', async () => {
    const fetchMock = mockFetch(() => json(404, {}));
    const { router } = renderDiscord('/fr/discord-success?token=someone.elses.token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/login'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('spends the code in a POST (no bearer), keeps the session it answers, then goes home', async () => {
    const fetchMock = server({ user: gamer, token: 'jwt-discord' });
    const { router } = renderDiscord('/fr/discord-success?code=one-minute-code');
    expect(screen.getByText(fr.discordSuccess.pending)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/'));
    const [exchange] = callsTo(fetchMock, authApi.discordExchange.path);
    expect(exchange?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(exchange?.[1]?.body))).toEqual({ code: 'one-minute-code' });
    expect(bearerOf(exchange?.[1])).toBeUndefined();
    expect(localStorage.getItem('token')).toBe('jwt-discord');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 42 });
  });

  it('a refused code goes to login with the Discord error', async () => {
    mockFetch(() => json(400, { error: 'invalid_login_code', message: 'This login link is invalid or has expired' }));
    const { router } = renderDiscord('/fr/discord-success?code=spent');
    await waitFor(() => expect(router.state.location.search).toBe('?error=discord'));
    expect(router.state.location.pathname).toBe('/fr/login');
  });

  it('logged in as someone else: asks, naming both accounts, and staying keeps the session (the new one is ended)', async () => {
    storeDemoSession();
    const fetchMock = server({ user: gamer, token: 'jwt-gamer' });
    const { router } = renderDiscord('/fr/discord-success?code=c');
    expect(await screen.findByRole('heading', { name: fr.discordSuccess.switchTitle })).toBeTruthy();
    expect(screen.getByText(/Camille Dupont \(camille@example\.test\).*Gamer Pro \(gamer@example\.test\)/)).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('stored-token');

    fireEvent.click(screen.getByRole('button', { name: 'Rester connecté en tant que Camille Dupont' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/'));
    expect(localStorage.getItem('token')).toBe('stored-token');
    await waitFor(() => expect(logoutBearers(fetchMock)).toEqual(['Bearer jwt-gamer']));
  });

  it('logged in as someone else: continuing replaces the session and ends the old one', async () => {
    storeDemoSession();
    const fetchMock = server({ user: gamer, token: 'jwt-gamer' });
    const { router } = renderDiscord('/fr/discord-success?code=c');
    fireEvent.click(await screen.findByRole('button', { name: 'Continuer en tant que Gamer Pro' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/'));
    expect(localStorage.getItem('token')).toBe('jwt-gamer');
    await waitFor(() => expect(logoutBearers(fetchMock)).toEqual(['Bearer stored-token']));
  });

  it('logged in as the same account: no question, the new session replaces the old one, which is ended', async () => {
    storeDemoSession();
    const fetchMock = server({ user: demoUser, token: 'jwt-again' });
    const { router } = renderDiscord('/fr/discord-success?code=c');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/'));
    expect(localStorage.getItem('token')).toBe('jwt-again');
    expect(screen.queryByRole('heading', { name: fr.discordSuccess.switchTitle })).toBeNull();
    await waitFor(() => expect(logoutBearers(fetchMock)).toEqual(['Bearer stored-token']));
  });
});

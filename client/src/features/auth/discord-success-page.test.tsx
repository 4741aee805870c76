// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import { answer } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser } from '../../testing/session-fixtures';
import { DiscordSuccessPage } from './discord-success-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const renderDiscord = (url: string) => renderPage(<DiscordSuccessPage />, { path: 'discord-success', url });

describe('discord-success (spec §2)', () => {
  it('without a token, goes to login with the fromInside state', async () => {
    mockFetch(() => json(404, {}));
    const { router } = renderDiscord('/fr/discord-success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/login'));
    expect(router.state.location.state).toEqual({ fromInside: true });
  });

  it('exchanges the token for the session, then goes home', async () => {
    const fetchMock = mockFetch(() => answer(authApi.discordMe, { user: demoUser, token: 'jwt-discord' }));
    const { router } = renderDiscord('/fr/discord-success?token=cb-token');
    expect(screen.getByText('Connexion Discord en cours...')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/'));
    expect(bearerOf(callsTo(fetchMock, '/api/auth/discord/me')[0]?.[1])).toBe('Bearer cb-token');
    expect(localStorage.getItem('token')).toBe('jwt-discord');
  });

  it('a failure goes to login with the Discord error', async () => {
    mockFetch(() => json(401, { error: 'unauthorized' }));
    const { router } = renderDiscord('/fr/discord-success?token=bad');
    await waitFor(() => expect(router.state.location.search).toBe('?error=discord'));
    expect(router.state.location.pathname).toBe('/fr/login');
  });
});

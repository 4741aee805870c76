// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { authApi } from '../../../../shared/contract/auth';
import { vpsApi } from '../../../../shared/contract/vps';
import { answer } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch, networkDown } from '../../testing/fetch-mock';
import { renderRoute } from '../../testing/render-route';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { SessionProvider } from './session-provider';
import { useAuthedApi } from './use-authed-api';
import { useSession } from './use-session';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('session (spec §3, §4)', () => {
  it('restores the stored session and checks the token once with GET /api/auth/me', async () => {
    storeDemoSession();
    const fresh = { ...demoUser, fullName: 'Camille D.' };
    const fetchMock = mockFetch((url) => (url === '/api/auth/me' ? answer(authApi.me, { user: fresh }) : json(404, {})));
    await renderRoute('/fr/');
    expect(await screen.findByRole('button', { name: /Camille D\./ })).toBeTruthy();
    const meCalls = callsTo(fetchMock, '/api/auth/me');
    expect(meCalls).toHaveLength(1);
    expect(bearerOf(meCalls[0]?.[1])).toBe('Bearer stored-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ fullName: 'Camille D.' });
  });

  it('a check answered after another tab logged out does not bring the session back', async () => {
    storeDemoSession();
    let answerMe: (response: Response) => void = () => undefined;
    mockFetch((url) => (url === '/api/auth/me' ? new Promise<Response>((resolve) => (answerMe = resolve)) : json(404, {})));
    await renderRoute('/fr/');
    localStorage.clear(); // the other tab's logout
    await act(async () => answerMe(answer(authApi.me, { user: demoUser })));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('a refused token (401) logs out cleanly: both keys cleared, no error shown', async () => {
    storeDemoSession();
    mockFetch(() => json(401, { error: 'unauthorized', message: 'Token expired' }));
    await renderRoute('/fr/');
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the session when the check cannot reach the server', async () => {
    storeDemoSession();
    mockFetch(() => networkDown());
    await renderRoute('/fr/');
    expect(await screen.findByRole('button', { name: /Camille Dupont/ })).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('stored-token');
  });

  it('any authenticated call answered 401 ends the session quietly and still rejects', async () => {
    storeDemoSession();
    mockFetch((url) => (url === '/api/auth/me' ? answer(authApi.me, { user: demoUser }) : json(401, { error: 'unauthorized' })));
    let api: ReturnType<typeof useAuthedApi> | undefined;
    function Probe() {
      api = useAuthedApi();
      const { user } = useSession();
      return <p>{user ? `in:${user.fullName}` : 'out'}</p>;
    }
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={['/fr/panel']}>
          <Routes>
            <Route path="/:lng/*" element={<Probe />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );
    expect(await screen.findByText('in:Camille Dupont')).toBeTruthy();
    let failure: unknown;
    await act(async () => {
      failure = await api?.call(vpsApi.list).catch((error: unknown) => error);
    });
    expect(failure).toBeInstanceOf(ApiError);
    expect(screen.getByText('out')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('logout ends the session on the server, clears it and the staff token, and goes to /{lng}/', async () => {
    storeDemoSession();
    localStorage.setItem('adminToken', 'staff.token.value');
    localStorage.setItem('adminVerified', 'true');
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/me') return answer(authApi.me, { user: demoUser });
      if (url === authApi.logout.path && init?.method === 'POST') return answer(authApi.logout, { success: true });
      return json(404, {});
    });
    const { router } = await renderRoute('/nl/Hosting');
    (await screen.findByRole('button', { name: /Camille Dupont/ })).click();
    (await screen.findByRole('menuitem', { name: 'Uitloggen' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(localStorage.getItem('adminVerified')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Inloggen' })).toBeTruthy();
    const logouts = callsTo(fetchMock, authApi.logout.path);
    expect(logouts.map(([, init]) => [init?.method, bearerOf(init)])).toEqual([['POST', 'Bearer stored-token']]);
  });

  it('logout still logs out here when the server cannot be reached', async () => {
    storeDemoSession();
    mockFetch((url) => (url === '/api/auth/me' ? answer(authApi.me, { user: demoUser }) : networkDown()));
    const { router } = await renderRoute('/fr/Hosting');
    (await screen.findByRole('button', { name: /Camille Dupont/ })).click();
    (await screen.findByRole('menuitem', { name: 'Se déconnecter' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

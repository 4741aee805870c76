// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import fr from '../../../../shared/locales/fr.json';
import type { SessionDto } from '../../../../shared/schemas/auth';
import { answer, isCallOf } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { PanelPage } from './panel-page';

beforeAll(() => {
  // jsdom has no modal dialogs: open and close them as a browser would.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const session = (overrides: Partial<SessionDto>): SessionDto => ({
  id: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastSeenAt: '2026-11-24T10:30:00.000Z',
  browser: 'Firefox',
  os: 'Windows',
  ip: '203.0.113.7',
  current: false,
  ...overrides,
});
const here = session({ id: '00000000-0000-4000-8000-00000000000a', current: true });
const phone = session({ id: '00000000-0000-4000-8000-00000000000b', browser: 'Safari', os: 'iOS', ip: '198.51.100.4' });
const unknown = session({ id: '00000000-0000-4000-8000-00000000000c', browser: null, os: null, ip: null });

function openSessions(list: SessionDto[]) {
  storeDemoSession();
  const fetchMock = mockFetch((url, init) => {
    if (isCallOf(authApi.me, url, init)) return answer(authApi.me, { user: demoUser });
    if (isCallOf(authApi.sessions, url, init)) return answer(authApi.sessions, { sessions: list });
    if (isCallOf(authApi.endSession, url, init)) return answer(authApi.endSession, { success: true });
    if (isCallOf(authApi.logoutAll, url, init)) return answer(authApi.logoutAll, { success: true, ended: list.length - 1 });
    if (isCallOf(authApi.logout, url, init)) return answer(authApi.logout, { success: true });
    return json(404, {});
  });
  const view = renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=sessions' });
  return { fetchMock, ...view };
}

describe('the panel’s Sessions tab', () => {
  it('lists the sessions in words: device, this device, address, times', async () => {
    openSessions([here, phone, unknown]);
    expect(screen.getByRole('tab', { name: fr.panel.tabs.sessions, selected: true })).toBeTruthy();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Firefox sur Windows')).toBeTruthy();
    expect(within(rows[0]!).getByText(fr.panel.sessions.current)).toBeTruthy();
    expect(within(rows[1]!).getByText('Safari sur iOS')).toBeTruthy();
    expect(within(rows[1]!).getByText('Adresse IP : 198.51.100.4')).toBeTruthy();
    expect(within(rows[1]!).queryByText(fr.panel.sessions.current)).toBeNull();
    expect(within(rows[2]!).getByText(fr.panel.sessions.unknownDevice)).toBeTruthy();
    // Issue 34: this device is in use: its last activity is now, whatever the stored minute says.
    expect(within(rows[0]!).getByText('Dernière activité : à l’instant')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Dernière activité : \d/)).toBeTruthy();
    expect(within(rows[1]!).queryByText('Dernière activité : à l’instant')).toBeNull();
  });

  it('ends another session with its own button, which goes from the list', async () => {
    const { fetchMock } = openSessions([here, phone]);
    fireEvent.click(await screen.findByRole('button', { name: 'Déconnecter Safari sur iOS' }));
    expect(await screen.findByText(fr.panel.sessions.ended)).toBeTruthy();
    expect(screen.queryByText('Safari sur iOS')).toBeNull();
    const [call] = callsTo(fetchMock, `/api/auth/sessions/${phone.id}`);
    expect([call?.[1]?.method, bearerOf(call?.[1])]).toEqual(['DELETE', 'Bearer stored-token']);
  });

  it('"log out all other devices" asks first, then keeps only this one', async () => {
    const { fetchMock } = openSessions([here, phone, unknown]);
    fireEvent.click(await screen.findByRole('button', { name: fr.panel.sessions.endOthers }));
    const dialog = await screen.findByRole('alertdialog', { name: fr.panel.sessions.endOthersTitle });
    expect(callsTo(fetchMock, authApi.logoutAll.path)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: fr.panel.sessions.endOthersConfirm }));
    expect(await screen.findByText('Sessions fermées : 2.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText(fr.panel.sessions.onlyThis)).toBeTruthy();
    expect(callsTo(fetchMock, authApi.logoutAll.path)).toHaveLength(1);
  });

  it('this device’s button logs out here (on the server too)', async () => {
    const { fetchMock, router } = openSessions([here, phone]);
    fireEvent.click(await screen.findByRole('button', { name: fr.panel.sessions.endHere }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(callsTo(fetchMock, authApi.logout.path).map(([, init]) => bearerOf(init))).toEqual(['Bearer stored-token']);
  });

  it('a failed load says so and can be retried', async () => {
    storeDemoSession();
    mockFetch((url, init) =>
      isCallOf(authApi.me, url, init) ? answer(authApi.me, { user: demoUser }) : json(500, { error: 'internal_error' }),
    );
    renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=sessions' });
    expect(await screen.findByText(fr.panel.sessions.errorload)).toBeTruthy();
    expect(screen.getByRole('button', { name: fr.panel.sessions.retry })).toBeTruthy();
  });
});

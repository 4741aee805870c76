// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { gameConsoleApi } from '../../../../../../shared/contract/game-console';
import { servicesApi } from '../../../../../../shared/contract/services';
import { answer, isCallOf } from '../../../../testing/contract-mock';
import { json, mockFetch } from '../../../../testing/fetch-mock';
import { renderPage } from '../../../../testing/render-page';
import { demoUser, storeDemoSession } from '../../../../testing/session-fixtures';
import { PanelPage } from '../../panel-page';
import { gameService } from '../test-services';

// xterm.js needs a real layout: its stand-in prints the lines it is given.
vi.mock('./console-terminal', () => import('../../../../testing/terminal-stand-in'));

/** The browser's WebSocket, driven by the test: what the page sent, and the server's side. */
class FakeSocket {
  static last: FakeSocket | null = null;
  static readonly OPEN = 1;
  readyState = 0;
  sent: { event: string; args: string[] }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { event: string; args: string[] });
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  say(event: string, ...args: string[]) {
    this.onmessage?.({ data: JSON.stringify({ event, args }) });
  }
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  FakeSocket.last = null;
});

const RESOURCES = {
  state: 'running' as const,
  cpuPercent: 42.5,
  memoryBytes: 1024 ** 3,
  memoryLimitBytes: 4 * 1024 ** 3,
  diskBytes: 512 * 1024 ** 2,
  diskLimitBytes: 20 * 1024 ** 3,
  networkRxBytes: 2048,
  networkTxBytes: 4096,
  uptimeSeconds: 3720,
};

function openGameServer(options: { ticket?: () => Response } = {}) {
  const powered: unknown[] = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  storeDemoSession();
  mockFetch((url, init) => {
    if (url === '/api/auth/me') return json(200, { user: demoUser });
    if (isCallOf(gameConsoleApi.ticket, url, init)) return options.ticket?.() ?? answer(gameConsoleApi.ticket, { ticket: 'ticket-for-31' });
    if (isCallOf(gameConsoleApi.power, url, init)) {
      const body = JSON.parse(String(init?.body)) as { signal: 'restart' };
      powered.push(body);
      return answer(gameConsoleApi.power, body);
    }
    if (isCallOf(gameConsoleApi.resources, url, init)) return answer(gameConsoleApi.resources, { resources: RESOURCES });
    if (isCallOf(servicesApi.events, url, init)) return answer(servicesApi.events, { events: [] });
    if (isCallOf(servicesApi.get, url, init)) return answer(servicesApi.get, { service: gameService() });
    if (isCallOf(servicesApi.list, url, init)) return answer(servicesApi.list, { services: [gameService()] });
    return json(404, { error: 'not_found' });
  });
  renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=services&service=31' });
  return { powered };
}

describe('a game server’s console, power and resources in the panel (issue 33)', () => {
  it('authenticates the socket with a fresh ticket first, then shows the output and sends commands', async () => {
    openGameServer();
    const section = await screen.findByRole('region', { name: 'Console et alimentation' });
    await vi.waitFor(() => expect(FakeSocket.last).not.toBeNull());
    const socket = FakeSocket.last!;
    expect(socket.url).toBe(`ws://${window.location.host}/api/services/31/console`);
    expect(within(section).getByText('Connexion…')).toBeTruthy();

    act(() => socket.open());
    expect(socket.sent).toEqual([{ event: 'auth', args: ['ticket-for-31'] }]);
    act(() => socket.say('auth success'));
    expect(socket.sent.at(-1)).toEqual({ event: 'send logs', args: [] });
    expect(within(section).getByText('Connectée')).toBeTruthy();

    act(() => socket.say('console output', '[12:00:00 INFO]: Done (4.2s)! For help, type "help"'));
    await vi.waitFor(() => expect(screen.getByTestId('terminal').textContent).toContain('For help, type "help"'));

    fireEvent.change(within(section).getByLabelText('Commande pour le serveur'), { target: { value: 'say Bonjour' } });
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Envoyer' }));
    });
    await vi.waitFor(() => expect(socket.sent.at(-1)).toEqual({ event: 'send command', args: ['say Bonjour'] }));
  });

  it('offers the signals that fit the state, sends one, and follows the state the console reports', async () => {
    const { powered } = openGameServer();
    const power = await screen.findByRole('region', { name: 'Alimentation' });
    await within(power).findByText('En ligne');
    expect(within(power).getByRole('button', { name: 'Démarrer' }).getAttribute('aria-disabled')).toBe('true');

    await act(async () => {
      fireEvent.click(within(power).getByRole('button', { name: 'Redémarrer' }));
    });
    await within(power).findByText('Redémarrage demandé.');
    expect(powered).toEqual([{ signal: 'restart' }]);

    act(() => FakeSocket.last!.open());
    act(() => FakeSocket.last!.say('auth success'));
    act(() => FakeSocket.last!.say('status', 'stopping'));
    expect(within(power).getByText('Arrêt…')).toBeTruthy();

    const resources = screen.getByRole('region', { name: 'Ressources en direct' });
    expect(within(resources).getByText('42,5 %')).toBeTruthy();
    expect(within(resources).getByText('1 GB sur 4 GB')).toBeTruthy();
  });

  it('says why when a fourth console is refused, and reconnects on demand', async () => {
    let refuse = true;
    openGameServer({
      ticket: () =>
        refuse
          ? json(429, { error: 'consoles_limit', message: 'Too many consoles open at once' })
          : answer(gameConsoleApi.ticket, { ticket: 'second-try' }),
    });
    const section = await screen.findByRole('region', { name: 'Console et alimentation' });
    await within(section).findByText(/Vous avez déjà 3 consoles ouvertes/);
    expect(FakeSocket.last).toBeNull();

    refuse = false;
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Se reconnecter' }));
    });
    await vi.waitFor(() => expect(FakeSocket.last).not.toBeNull());
    act(() => FakeSocket.last!.open());
    expect(FakeSocket.last!.sent).toEqual([{ event: 'auth', args: ['second-try'] }]);
  });
});

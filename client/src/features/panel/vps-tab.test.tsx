// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { pathOf } from '../../../../shared/contract/endpoint';
import { vpsApi } from '../../../../shared/contract/vps';
import type { VpsAction, VpsDto } from '../../../../shared/schemas/vps';
import { answer as contractAnswer } from '../../testing/contract-mock';
import { bearerOf, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { currentUrl } from '../../testing/render-route';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { PanelPage } from './panel-page';
import { customerVps } from './test-vps';

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  // jsdom has <dialog> without its methods: open and close it the way browsers do.
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** A logged-in customer on 'Mes VPS': `servers()` is what GET /api/vps answers now; `other` the rest. */
function openVpsTab(servers: () => VpsDto[], url = '/fr/PanelCLient', other: Handler = () => json(404, { error: 'not_found' })) {
  storeDemoSession();
  const fetchMock = mockFetch((u, init) => {
    if (u === '/api/auth/me') return json(200, { user: demoUser });
    if (u === vpsApi.list.path) return contractAnswer(vpsApi.list, { vpsList: servers(), next: null });
    return other(u, init);
  });
  return { fetchMock, ...renderPage(<PanelPage />, { path: 'PanelCLient', url }) };
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([u]) => String(u) === vpsApi.list.path);
const actionOf = (vpsId: number, action: VpsAction) => pathOf(vpsApi.act, { vpsId, action });
const actionButton = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const isOff = (button: HTMLElement) => button.getAttribute('aria-disabled') === 'true';
const stateText = () => screen.getByText('État').parentElement!.textContent;

describe("'Mes VPS': the list", () => {
  it('shows each server as a card with the product bought, its size, name, state, IP, system, region and expiry, read with the bearer', async () => {
    const stopped = customerVps(
      { vpsId: 8, ovh_service_name: 'vps-99aa01.vps.ovh.net' },
      { status: 'stopped', ip: '51.210.99.1', os: 'Windows Server 2022' },
    );
    const { fetchMock } = openVpsTab(() => [customerVps(), stopped]);
    expect(screen.getByText('Chargement de vos serveurs…')).toBeTruthy();
    await flush();
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    // Named by the product bought, with the machine's size (issue 17).
    expect(first.getByRole('link').textContent).toBe('VPS Linux NVMe Provps-7f3a2b.vps.ovh.net');
    expect(first.getByText('8 Go · 4 vCPU · 160 Go')).toBeTruthy();
    expect(first.getByText('En marche')).toBeTruthy();
    expect(first.getByText('51.210.12.34')).toBeTruthy();
    expect(first.getByText('Debian 12')).toBeTruthy();
    expect(first.getByText('Gravelines')).toBeTruthy();
    expect(
      first.getByText(new Intl.DateTimeFormat('fr', { dateStyle: 'medium' }).format(new Date('2026-12-03T08:00:00.000Z'))),
    ).toBeTruthy();
    expect(within(cards[1]!).getByText('Arrêté')).toBeTruthy();
    expect(bearerOf(listCalls(fetchMock)[0]?.[1] as RequestInit)).toBe('Bearer stored-token');
    // The password is never on the list.
    expect(screen.queryByText('Xk7-pQ2m-Lw9z')).toBeNull();
  });

  it('a card opens the server in the URL (?tab=vps&vps=7), and the back link returns to the list', async () => {
    const { router } = openVpsTab(() => [customerVps()]);
    await flush();
    await act(async () => void fireEvent.click(screen.getByRole('link', { name: /vps-7f3a2b/ })));
    expect(currentUrl(router)).toBe('/fr/PanelCLient?tab=vps&vps=7');
    expect(screen.getByRole('heading', { level: 2, name: /VPS Linux NVMe Pro/ })).toBe(document.activeElement);
    await act(async () => void fireEvent.click(screen.getByRole('link', { name: 'Retour à mes VPS' })));
    expect(currentUrl(router)).toBe('/fr/PanelCLient?tab=vps');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /vps-7f3a2b/ }));
  });

  it('a suspended server says why and leads to the invoices; its actions are off', async () => {
    openVpsTab(() => [customerVps({ state: 'suspended' }, { status: 'stopped' })], '/fr/PanelCLient?vps=7');
    await flush();
    expect(screen.getByText('VPS Comfort · vps-7f3a2b.vps.ovh.net est suspendu')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Régler dans Mes Factures' }).getAttribute('href')).toBe('/fr/PanelCLient?tab=factures');
    expect(isOff(actionButton('Démarrer'))).toBe(true);
  });

  it('a server the customer does not have shows “not found”, not another one', async () => {
    openVpsTab(() => [customerVps()], '/fr/PanelCLient?vps=99');
    await flush();
    expect(screen.getByRole('heading', { name: 'Serveur introuvable' })).toBeTruthy();
  });
});

describe("'Mes VPS': a page at a time (issue 18)", () => {
  it("shows the newest servers, and 'Charger plus' adds the ones after the last shown until there are no more", async () => {
    storeDemoSession();
    const fetchMock = mockFetch((u) => {
      if (u === '/api/auth/me') return json(200, { user: demoUser });
      if (u === `${vpsApi.list.path}?after=8`)
        return contractAnswer(vpsApi.list, { vpsList: [customerVps({ vpsId: 5, ovh_service_name: 'vps-older.vps.ovh.net' })], next: null });
      if (u === vpsApi.list.path)
        return contractAnswer(vpsApi.list, {
          vpsList: [customerVps({ vpsId: 9, ovh_service_name: 'vps-newest.vps.ovh.net' }), customerVps({ vpsId: 8 })],
          next: 8,
        });
      return json(404, { error: 'not_found' });
    });
    renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient' });
    await flush();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    await flush();
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('vps-newest'),
      expect.stringContaining('vps-7f3a2b'),
      expect.stringContaining('vps-older'),
    ]);
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(`${vpsApi.list.path}?after=8`);
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });
});

describe("'Mes VPS': one server", () => {
  it('shows its specs and access; the password stays masked until revealed, and copies without being shown', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openVpsTab(() => [customerVps()], '/fr/PanelCLient?vps=7');
    await flush();
    for (const text of ['8 Go', '4 vCPU', '160 Go', 'Illimité', 'debian', 'n° 42']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText('Xk7-pQ2m-Lw9z')).toBeNull();
    expect(screen.getByText('Mot de passe masqué')).toBeTruthy();

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Copier le mot de passe' })));
    expect(writeText).toHaveBeenCalledWith('Xk7-pQ2m-Lw9z');
    expect(screen.queryByText('Xk7-pQ2m-Lw9z')).toBeNull();
    expect(within(screen.getByRole('button', { name: 'Copier le mot de passe' })).getByText('Copié !')).toBeTruthy();

    const reveal = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    await act(async () => void fireEvent.click(reveal));
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Xk7-pQ2m-Lw9z')).toBeTruthy();
    await act(async () => void fireEvent.click(reveal));
    expect(screen.queryByText('Xk7-pQ2m-Lw9z')).toBeNull();
  });

  it('a running server can be stopped or rebooted, not started', async () => {
    openVpsTab(() => [customerVps()], '/fr/PanelCLient?vps=7');
    await flush();
    expect([isOff(actionButton('Démarrer')), isOff(actionButton('Arrêter')), isOff(actionButton('Redémarrer'))]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('Arrêter asks first; Annuler sends nothing', async () => {
    const { fetchMock } = openVpsTab(() => [customerVps()], '/fr/PanelCLient?vps=7');
    await flush();
    await act(async () => void fireEvent.click(actionButton('Arrêter')));
    const dialog = screen.getByRole('alertdialog', { name: 'Arrêter ce serveur ?' });
    expect(within(dialog).getByText(/VPS Comfort · vps-7f3a2b.vps.ovh.net va s'éteindre/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuler' }));
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => [actionOf(7, 'start'), actionOf(7, 'stop'), actionOf(7, 'reboot')].includes(String(u)))).toBe(
      false,
    );
  });

  it('a confirmed stop posts an empty object, shows progress, then follows the machine to “Arrêté” every 2 s', async () => {
    vi.useFakeTimers();
    let server = customerVps();
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = openVpsTab(
      () => [server],
      '/fr/PanelCLient?vps=7',
      (u) => (u === actionOf(7, 'stop') ? new Promise<Response>((resolve) => (answer = resolve)) : json(404, {})),
    );
    await tick(0);
    await act(async () => void fireEvent.click(actionButton('Arrêter')));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Arrêter le serveur' })));

    const [post] = fetchMock.mock.calls.filter(([u]) => String(u) === actionOf(7, 'stop'));
    expect(post?.[1]?.method).toBe('POST');
    expect(post?.[1]?.body).toBe('{}'); // nothing but the action in the path
    expect(bearerOf(post?.[1])).toBe('Bearer stored-token');
    // While the call runs: the button says so, and nothing else can be started.
    const running = actionButton('Arrêt…');
    expect(running.getAttribute('aria-busy')).toBe('true');
    expect(isOff(actionButton('Redémarrer'))).toBe(true);

    server = customerVps({}, { status: 'stopping' });
    await act(async () => answer(contractAnswer(vpsApi.act, { vps: server })));
    await tick(0);
    expect(stateText()).toBe('ÉtatArrêt en cours');
    expect([isOff(actionButton('Démarrer')), isOff(actionButton('Arrêter')), isOff(actionButton('Redémarrer'))]).toEqual([
      true,
      true,
      true,
    ]);

    const before = listCalls(fetchMock).length;
    server = customerVps({}, { status: 'stopped' });
    await tick(2_000);
    expect(listCalls(fetchMock).length).toBe(before + 1);
    expect(stateText()).toBe('ÉtatArrêté');
    expect(isOff(actionButton('Démarrer'))).toBe(false);
    // Settled: back to the spec's 10 s.
    await tick(2_000);
    expect(listCalls(fetchMock).length).toBe(before + 1);
    await tick(8_000);
    expect(listCalls(fetchMock).length).toBe(before + 2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Démarrer needs no confirmation', async () => {
    const { fetchMock } = openVpsTab(
      () => [customerVps({}, { status: 'stopped' })],
      '/fr/PanelCLient?vps=7',
      (u) => (u === actionOf(7, 'start') ? contractAnswer(vpsApi.act, { vps: customerVps({}, { status: 'starting' }) }) : json(404, {})),
    );
    await flush();
    await act(async () => void fireEvent.click(actionButton('Démarrer')));
    await flush();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === actionOf(7, 'start'))).toHaveLength(1);
    expect(stateText()).toBe('ÉtatDémarrage en cours');
  });

  it('a refused action shows the spec’s alert and gives the buttons back', async () => {
    openVpsTab(
      () => [customerVps({}, { status: 'stopped' })],
      '/fr/PanelCLient?vps=7',
      (u) => (u === actionOf(7, 'start') ? json(502, { error: 'cloud_unavailable' }) : json(404, {})),
    );
    await flush();
    await act(async () => void fireEvent.click(actionButton('Démarrer')));
    await flush();
    expect(screen.getByRole('alertdialog', { name: "Erreur lors de l'action démarrage" })).toBeTruthy();
    expect(screen.getByText(/Le fournisseur cloud ne répond pas/)).toBeTruthy();
    expect(isOff(actionButton('Démarrer'))).toBe(false);
  });

  it('too many actions: the buttons stay off for the wait the server gave', async () => {
    vi.useFakeTimers();
    openVpsTab(
      () => [customerVps({}, { status: 'stopped' })],
      '/fr/PanelCLient?vps=7',
      (u) => (u === actionOf(7, 'start') ? json(429, { error: 'rate_limited' }, { 'Retry-After': '30' }) : json(404, {})),
    );
    await tick(0);
    await act(async () => void fireEvent.click(actionButton('Démarrer')));
    await tick(0);
    expect(screen.getByText("Trop d'actions en peu de temps. Patientez 30 s avant de réessayer.")).toBeTruthy();
    expect(isOff(actionButton('Démarrer'))).toBe(true);
    await tick(30_000);
    expect(isOff(actionButton('Démarrer'))).toBe(false);
  });
});

describe("'Mes VPS': refresh (spec §9)", () => {
  it('reads the servers every 10 s, updates in place, and pauses while the page is hidden', async () => {
    vi.useFakeTimers();
    let server = customerVps();
    const { fetchMock } = openVpsTab(() => [server]);
    await tick(0);
    const card = screen.getByRole('listitem');
    server = customerVps({}, { status: 'stopped' });
    await tick(10_000);
    expect(listCalls(fetchMock)).toHaveLength(2);
    expect(screen.getByRole('listitem')).toBe(card);
    expect(within(card).getByText('Arrêté')).toBeTruthy();

    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await tick(60_000);
    expect(listCalls(fetchMock)).toHaveLength(2);
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await tick(0);
    expect(listCalls(fetchMock)).toHaveLength(3);
  });

  it('no server yet: an empty state that leads to the shop', async () => {
    openVpsTab(() => []);
    await flush();
    expect(screen.getByRole('heading', { name: 'Aucun serveur pour le moment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Découvrir la boutique' }).getAttribute('href')).toBe('/fr/boutique');
  });
});

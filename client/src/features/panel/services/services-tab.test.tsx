// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pathOf } from '../../../../../shared/contract/endpoint';
import { servicesApi } from '../../../../../shared/contract/services';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { answer, isCallOf } from '../../../testing/contract-mock';
import { stubDialogElement } from '../../../testing/dialogs';
import { bearerOf, json, mockFetch } from '../../../testing/fetch-mock';
import { renderPage } from '../../../testing/render-page';
import { currentUrl } from '../../../testing/render-route';
import { demoUser, storeDemoSession } from '../../../testing/session-fixtures';
import { PanelPage } from '../panel-page';
import { gameService, installing, vpsService } from './test-services';

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  stubDialogElement();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const longDate = (iso: string) => new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(new Date(iso));

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** A logged-in customer on 'Mes services': `services()` is what GET /api/services answers now; `other` answers the rest. */
function openServices(services: () => ServiceDto[], url = '/fr/PanelCLient?tab=services', other: Handler = () => undefined) {
  storeDemoSession();
  const fetchMock = mockFetch((u, init) => {
    if (u === '/api/auth/me') return json(200, { user: demoUser });
    const answered = other(u, init);
    if (answered) return answered;
    if (isCallOf(servicesApi.list, u, init)) return answer(servicesApi.list, { services: services() });
    return json(404, { error: 'not_found' });
  });
  return { fetchMock, ...renderPage(<PanelPage />, { path: 'PanelCLient', url }) };
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([u]) => String(u) === servicesApi.list.path);
const card = (name: string) => screen.getByRole('listitem', { name });
const fact = (within_: HTMLElement, label: string) => within(within_).getByText(label).nextElementSibling?.textContent;
const cancelPath = (id: number) => pathOf(servicesApi.cancel, { id });

describe("'Mes services': the list (issue 31)", () => {
  it('shows each service with its kind, state, choice, term and connection, read with the bearer', async () => {
    const { fetchMock } = openServices(() => [gameService(), vpsService()]);
    expect(screen.getByText('Chargement de vos services…')).toBeTruthy();
    const game = await screen.findByRole('listitem', { name: 'Minecraft Survie 4 Go' });
    expect(within(game).getByText('Serveur de jeu')).toBeTruthy();
    expect(within(game).getByText('Actif')).toBeTruthy();
    expect(fact(game, 'Version du jeu')).toBe('Paper');
    expect(fact(game, "Payé jusqu'au")).toBe(longDate('2026-12-01T09:00:00.000Z'));
    // Players connect to host:port.
    expect(within(game).getByText('mc1.hubhost.test:25565')).toBeTruthy();

    const vps = card('VPS Linux NVMe Pro');
    expect(within(vps).getByText('VPS')).toBeTruthy();
    expect(fact(vps, 'Système')).toBe('Ubuntu 24.04');
    expect(within(vps).getByText('51.210.12.34')).toBeTruthy();
    // The VPS's own page (power, password) is the existing one in 'Mes VPS'.
    expect(within(vps).getByRole('link', { name: 'Gérer le VPS (alimentation, mot de passe)' }).getAttribute('href')).toBe(
      '/fr/PanelCLient?tab=vps&vps=7',
    );
    expect(bearerOf(listCalls(fetchMock)[0]?.[1])).toBe('Bearer stored-token');
  });

  it("copies a game server's address (host:port) for the players", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openServices(() => [gameService()]);
    const game = await screen.findByRole('listitem', { name: 'Minecraft Survie 4 Go' });
    await act(async () => void fireEvent.click(within(game).getByRole('button', { name: "Copier l'adresse du serveur" })));
    expect(writeText).toHaveBeenCalledWith('mc1.hubhost.test:25565');
  });

  it('names every state: being prepared by our team says how long, suspended leads to the invoices, ended has no address', async () => {
    openServices(() => [
      gameService({ id: 1, product: { id: 1, name: 'Garry’s Mod 8 Go' }, status: 'needs_staff', connection: null }),
      gameService({ id: 2, product: { id: 2, name: 'FiveM 16 Go' }, status: 'needs_staff', delivery: 'manual', connection: null }),
      vpsService({ id: 3, product: { id: 3, name: 'VPS Windows' }, status: 'suspended' }),
      vpsService({
        id: 4,
        product: { id: 4, name: 'VPS Ancien' },
        status: 'terminated',
        connection: null,
        terminatedAt: '2026-10-01T00:00:00.000Z',
      }),
    ]);
    const failed = await screen.findByRole('listitem', { name: 'Garry’s Mod 8 Go' });
    expect(within(failed).getByText('En préparation par notre équipe')).toBeTruthy();
    expect(within(failed).getByText(/L'installation automatique n'a pas abouti : notre équipe a été prévenue/)).toBeTruthy();
    expect(within(failed).getByText('Communiquée dès que le serveur est prêt')).toBeTruthy();
    expect(
      within(card('FiveM 16 Go')).getByText(/Notre équipe prépare votre serveur : il est mis en service sous 3 à 4 jours/),
    ).toBeTruthy();

    const suspended = card('VPS Windows');
    expect(within(suspended).getByText('Suspendu')).toBeTruthy();
    expect(within(suspended).getByRole('link', { name: 'Régler dans Mes Factures' }).getAttribute('href')).toBe(
      '/fr/PanelCLient?tab=factures',
    );

    const ended = card('VPS Ancien');
    expect(within(ended).getByText('Terminé')).toBeTruthy();
    expect(fact(ended, 'Terminé le')).toBe(longDate('2026-10-01T00:00:00.000Z'));
    expect(within(ended).queryByRole('button', { name: 'Résilier' })).toBeNull();
    expect(within(ended).queryByRole('link', { name: /Gérer le VPS/ })).toBeNull();
    // Only running or suspended services can be ended; one being prepared cannot yet.
    expect(within(failed).queryByRole('button', { name: 'Résilier' })).toBeNull();
    expect(within(suspended).getByRole('button', { name: 'Résilier' })).toBeTruthy();
  });

  it('follows a server while it installs (every 3 s), shows its address once active, then slows to the 10 s refresh', async () => {
    vi.useFakeTimers();
    let now = installing();
    const { fetchMock } = openServices(() => [now]);
    await tick(50);
    const game = card('Minecraft Survie 4 Go');
    expect(within(game).getByText('Installation en cours…')).toBeTruthy();
    expect(within(game).getByText(/il sera en ligne dans quelques minutes/)).toBeTruthy();

    await tick(3_000);
    expect(listCalls(fetchMock)).toHaveLength(2);
    now = gameService();
    await tick(3_000);
    expect(listCalls(fetchMock)).toHaveLength(3);
    // The answer is read and shown (fetch's body and the query's notification take a few timer turns).
    await tick(50);
    // The same card, updated in place.
    expect(card('Minecraft Survie 4 Go')).toBe(game);
    expect(within(game).getByText('Actif')).toBeTruthy();
    expect(within(game).getByText('mc1.hubhost.test:25565')).toBeTruthy();

    await tick(3_000);
    expect(listCalls(fetchMock)).toHaveLength(3);
    await tick(7_000);
    expect(listCalls(fetchMock)).toHaveLength(4);
  });

  it('stops reading while the page is hidden', async () => {
    vi.useFakeTimers();
    const { fetchMock } = openServices(() => [installing()]);
    await tick(0);
    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await tick(30_000);
    expect(listCalls(fetchMock)).toHaveLength(1);
  });

  it('nothing owned yet: says when things come, and leads to the shop', async () => {
    openServices(() => []);
    expect(await screen.findByRole('heading', { name: 'Aucun service pour le moment' })).toBeTruthy();
    expect(screen.getByText(/ils sont en ligne en quelques minutes/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Découvrir la boutique' }).getAttribute('href')).toBe('/fr/boutique');
  });

  it('a refused read shows the failure and a retry that reads again', async () => {
    let fail = true;
    openServices(
      () => [gameService()],
      undefined,
      (u, init) => (fail && isCallOf(servicesApi.list, u, init) ? json(403, { error: 'forbidden' }) : undefined),
    );
    expect(await screen.findByText('Impossible de charger vos services.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('listitem', { name: 'Minecraft Survie 4 Go' })).toBeTruthy();
  });
});

describe("'Mes services': Résilier (issue 31)", () => {
  it('asks first, saying it ends at the end of the paid term with no renewal and the data deleted after the delay', async () => {
    const { fetchMock } = openServices(() => [gameService()]);
    const game = await screen.findByRole('listitem', { name: 'Minecraft Survie 4 Go' });
    await act(async () => void fireEvent.click(within(game).getByRole('button', { name: 'Résilier' })));
    const dialog = screen.getByRole('alertdialog', { name: 'Résilier Minecraft Survie 4 Go ?' });
    const text = dialog.textContent ?? '';
    expect(text).toContain(`jusqu'à la fin de la période payée, le ${longDate('2026-12-01T09:00:00.000Z')}`);
    expect(text).toContain('Aucune facture de renouvellement');
    expect(text).toContain('supprimées définitivement 30 jours plus tard');
    // The safe choice has the focus; taking it sends nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Garder mon service' }));
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Garder mon service' })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === cancelPath(31))).toBe(false);
  });

  it('confirmed: posts end_of_term, the card says when it ends and offers to take it back, which DELETEs', async () => {
    let service = gameService();
    const { fetchMock } = openServices(
      () => [service],
      undefined,
      (u, init) => {
        if (isCallOf(servicesApi.cancel, u, init)) {
          service = gameService({ period: { ...service.period, endsAtTerm: true } });
          return answer(servicesApi.cancel, { service });
        }
        if (isCallOf(servicesApi.keep, u, init)) {
          service = gameService();
          return answer(servicesApi.keep, { service });
        }
        return undefined;
      },
    );
    const game = await screen.findByRole('listitem', { name: 'Minecraft Survie 4 Go' });
    await act(async () => void fireEvent.click(within(game).getByRole('button', { name: 'Résilier' })));
    const dialog = screen.getByRole('alertdialog');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Résilier à la fin de la période' })));

    const end = longDate('2026-12-01T09:00:00.000Z');
    expect(await within(game).findByText(`Résiliation enregistrée : Minecraft Survie 4 Go se termine le ${end}.`)).toBeTruthy();
    const [post] = fetchMock.mock.calls.filter(([u, init]) => String(u) === cancelPath(31) && init?.method === 'POST');
    expect(post?.[1]?.body).toBe(JSON.stringify({ when: 'end_of_term' }));
    expect(bearerOf(post?.[1])).toBe('Bearer stored-token');
    expect(fact(game, 'Se termine le')).toBe(end);
    expect(within(game).getByText(`Résiliation demandée : ce service se termine le ${end} et ne sera pas renouvelé.`)).toBeTruthy();
    expect(within(game).queryByRole('button', { name: 'Résilier' })).toBeNull();
    // The button pressed is gone: the keyboard lands on the one that replaced it.
    expect(document.activeElement).toBe(within(game).getByRole('button', { name: 'Annuler la résiliation' }));

    await act(async () => void fireEvent.click(within(game).getByRole('button', { name: 'Annuler la résiliation' })));
    expect(await within(game).findByText('Résiliation annulée : Minecraft Survie 4 Go sera renouvelé normalement.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u, init]) => String(u) === cancelPath(31) && init?.method === 'DELETE')).toHaveLength(1);
    expect(fact(game, "Payé jusqu'au")).toBe(end);
    expect(document.activeElement).toBe(within(game).getByRole('button', { name: 'Résilier' }));
  });

  it('a refused cancellation says so and keeps the service as it was', async () => {
    openServices(
      () => [gameService()],
      undefined,
      (u, init) => (isCallOf(servicesApi.cancel, u, init) ? json(409, { error: 'conflict', message: 'nope' }) : undefined),
    );
    const game = await screen.findByRole('listitem', { name: 'Minecraft Survie 4 Go' });
    await act(async () => void fireEvent.click(within(game).getByRole('button', { name: 'Résilier' })));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Résilier à la fin de la période' })));
    expect((await within(game).findByRole('alert')).textContent).toBe(
      "La résiliation n'a pas pu être enregistrée. Réessayez dans quelques instants.",
    );
    expect(within(game).getByRole('button', { name: 'Résilier' })).toBeTruthy();
    expect(fact(game, "Payé jusqu'au")).toBe(longDate('2026-12-01T09:00:00.000Z'));
  });
});

describe("'Mes services': one service (GET /api/services/{id})", () => {
  it('opens from its card in the URL with its order and dates, and the back link returns to the card', async () => {
    const { router } = openServices(
      () => [gameService()],
      undefined,
      (u, init) => (isCallOf(servicesApi.get, u, init) ? answer(servicesApi.get, { service: gameService() }) : undefined),
    );
    const game = await screen.findByRole('listitem', { name: 'Minecraft Survie 4 Go' });
    await act(async () => void fireEvent.click(within(game).getByRole('link', { name: 'Détails de Minecraft Survie 4 Go' })));
    expect(currentUrl(router)).toBe('/fr/PanelCLient?tab=services&service=31');
    const heading = screen.getByRole('heading', { level: 2, name: /Minecraft Survie 4 Go/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const detail = screen.getByRole('article');
    expect(fact(detail, 'Commande')).toBe('n° 120');
    expect(fact(detail, 'En ligne depuis le')).toBe(longDate('2026-11-01T09:00:00.000Z'));
    expect(within(detail).getByRole('button', { name: 'Résilier' })).toBeTruthy();

    await act(async () => void fireEvent.click(screen.getByRole('link', { name: 'Retour à mes services' })));
    expect(currentUrl(router)).toBe('/fr/PanelCLient?tab=services');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Détails de Minecraft Survie 4 Go' })));
  });

  it("another customer's service (404) is “not found”", async () => {
    openServices(() => [], '/fr/PanelCLient?tab=services&service=99');
    expect(await screen.findByRole('heading', { name: 'Service introuvable' })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { pathOf } from '../../../../../shared/contract/endpoint';
import { staffDeliveriesApi } from '../../../../../shared/contract/staff-deliveries';
import type { StaffDeliveryDto } from '../../../../../shared/schemas/staff/deliveries';
import { answer, isCallOf } from '../../../testing/contract-mock';
import { bearerOf, json } from '../../../testing/fetch-mock';
import { bodyOf, openDashboard, STAFF_TOKEN, stubDialogElement } from '../staff-test-kit';
import { failedGameDelivery, lateVpsDelivery } from './test-deliveries';

beforeAll(stubDialogElement);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** The back-office at `url` with `deliveries()` waiting; `other` answers the rest. */
function openWith(deliveries: () => StaffDeliveryDto[], url = '/fr/dashboard-admin', other: Handler = () => undefined) {
  return openDashboard(url, {
    api: (u, init) =>
      other(u, init) ??
      (isCallOf(staffDeliveriesApi.list, u, init) ? answer(staffDeliveriesApi.list, { deliveries: deliveries() }) : undefined),
  });
}

const banner = () => screen.findByRole('region', { name: /Livraisons à reprendre/ });
const item = (name: string) => screen.getByRole('listitem', { name: new RegExp(name) });
const listCalls = (fetchMock: ReturnType<typeof openWith>['fetchMock']) =>
  fetchMock.mock.calls.filter(([u]) => String(u) === staffDeliveriesApi.list.path);

describe('"Livraisons à reprendre" at the top of the back-office (issue 31)', () => {
  it('lists each failed delivery with the customer, product, order, the provider’s error and every attempt, read with the staff token', async () => {
    const { fetchMock } = openWith(() => [failedGameDelivery(), lateVpsDelivery()], '/fr/dashboard-admin/1');
    const section = await banner();
    expect(within(section).getByRole('heading', { name: 'Livraisons à reprendre (2)' })).toBeTruthy();
    const game = item('Minecraft Survie 4 Go');
    expect(within(game).getByText('Camille Dupont')).toBeTruthy();
    expect(within(game).getByText('n° 120')).toBeTruthy();
    expect(within(game).getByText('The requested egg does not exist (422 ValidationException: egg)')).toBeTruthy();
    // The attempts fold under a summary: time, step, outcome and the provider's words.
    const attempts = within(game).getByText('Tentatives (2)');
    expect(attempts.closest('details')?.open).toBe(false);
    fireEvent.click(attempts);
    const rows = within(game).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.delivery-attempt__outcome')?.textContent)).toEqual(['Échouée', 'Abandonnée']);
    expect(within(rows[0]!).getByText('create_server')).toBeTruthy();
    expect(within(rows[0]!).getByText('422 egg')).toBeTruthy();
    // Shown on every category, not only the welcome page.
    expect(screen.getByRole('heading', { level: 1, name: /Tickets|Support/ })).toBeTruthy();
    expect(bearerOf(listCalls(fetchMock)[0]?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
  });

  it('“Réessayer” posts the retry, says it started, and reads the list again', async () => {
    let waiting = [failedGameDelivery()];
    const { fetchMock } = openWith(
      () => waiting,
      undefined,
      (u, init) => {
        if (!isCallOf(staffDeliveriesApi.retry, u, init)) return undefined;
        waiting = [failedGameDelivery({ status: 'provisioning' })];
        return answer(staffDeliveriesApi.retry, { delivery: waiting[0]! });
      },
    );
    await banner();
    const before = listCalls(fetchMock).length;
    await act(async () => void fireEvent.click(within(item('Minecraft Survie 4 Go')).getByRole('button', { name: 'Réessayer' })));
    expect(await screen.findByText(/Nouvelle tentative lancée/)).toBeTruthy();
    const [retry] = fetchMock.mock.calls.filter(([u]) => String(u) === pathOf(staffDeliveriesApi.retry, { serviceId: 31 }));
    expect(retry?.[1]?.method).toBe('POST');
    expect(bearerOf(retry?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
    expect(listCalls(fetchMock).length).toBe(before + 1);
  });

  it('a refused retry says so and keeps the delivery listed', async () => {
    openWith(
      () => [failedGameDelivery()],
      undefined,
      (u, init) => (isCallOf(staffDeliveriesApi.retry, u, init) ? json(409, { error: 'not_waiting', message: 'no' }) : undefined),
    );
    await banner();
    fireEvent.click(within(item('Minecraft Survie 4 Go')).getByRole('button', { name: 'Réessayer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "La nouvelle tentative n'a pas pu être lancée. Réessayez dans quelques instants.",
    );
    expect(item('Minecraft Survie 4 Go')).toBeTruthy();
  });

  it('a game server made by hand: host and port are checked, then posted; the delivery leaves the list', async () => {
    let waiting = [failedGameDelivery()];
    const { fetchMock } = openWith(
      () => waiting,
      undefined,
      (u, init) => {
        if (!isCallOf(staffDeliveriesApi.manual, u, init)) return undefined;
        const delivered = failedGameDelivery({ status: 'active' });
        waiting = [];
        return answer(staffDeliveriesApi.manual, { delivery: delivered });
      },
    );
    await banner();
    const game = item('Minecraft Survie 4 Go');
    const submit = within(game).getByRole('button', { name: 'Livrer à la main' });
    fireEvent.change(within(game).getByLabelText(/Port/), { target: { value: '70000' } });
    await act(async () => void fireEvent.click(submit));
    expect(within(game).getByText("Indiquez l'adresse du serveur (253 caractères au plus).")).toBeTruthy();
    expect(within(game).getByText('Le port est un nombre entre 1 et 65535.')).toBeTruthy();
    expect(document.activeElement).toBe(within(game).getByLabelText(/Adresse \(hôte\)/));

    fireEvent.change(within(game).getByLabelText(/Adresse \(hôte\)/), { target: { value: ' mc7.hubhost.test ' } });
    fireEvent.change(within(game).getByLabelText(/Port/), { target: { value: '25570' } });
    await act(async () => void fireEvent.click(submit));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: /Livraisons à reprendre/ })).toBeNull());
    const [post] = fetchMock.mock.calls.filter(([u]) => String(u) === pathOf(staffDeliveriesApi.manual, { serviceId: 31 }));
    expect(bodyOf(post?.[1])).toEqual({ host: 'mc7.hubhost.test', port: 25570 });
  });

  it('a VPS leads to its order in the orders page, where it is assigned by hand; no address form', async () => {
    openWith(() => [lateVpsDelivery()]);
    await banner();
    const vps = item('VPS Linux NVMe Pro');
    expect(within(vps).getByRole('link', { name: 'Assigner un VPS (commande n° 118)' }).getAttribute('href')).toBe(
      '/fr/dashboard-admin/0#staff-order-118',
    );
    expect(within(vps).queryByRole('button', { name: 'Livrer à la main' })).toBeNull();
    expect(within(vps).getByText("Aucune erreur reçue : la livraison n'a pas abouti à temps.")).toBeTruthy();
  });

  it.each([
    ['nothing waiting', () => answer(staffDeliveriesApi.list, { deliveries: [] })],
    ['a role the server refuses them to', () => json(403, { error: 'forbidden', message: 'no' })],
  ])('%s: no banner', async (_case, reply) => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin', {
      api: (u, init) => (isCallOf(staffDeliveriesApi.list, u, init) ? reply() : undefined),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Alex Martin' })).toBeTruthy();
    await vi.waitFor(() => expect(listCalls(fetchMock)).toHaveLength(1));
    await act(async () => void (await new Promise((r) => setTimeout(r, 20))));
    expect(screen.queryByRole('region', { name: /Livraisons à reprendre/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a support agent off duty does not ask for them (the orders area’s rule)', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin', {
      role: 'support',
      isOnline: false,
      api: (u, init) =>
        isCallOf(staffDeliveriesApi.list, u, init) ? answer(staffDeliveriesApi.list, { deliveries: [failedGameDelivery()] }) : undefined,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Alex Martin' })).toBeTruthy();
    await act(async () => void (await new Promise((r) => setTimeout(r, 20))));
    expect(listCalls(fetchMock)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: /Livraisons à reprendre/ })).toBeNull();
  });

  it('reads the list again every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let waiting: StaffDeliveryDto[] = [];
    const { fetchMock } = openWith(() => waiting);
    await screen.findByRole('heading', { level: 1, name: 'Bienvenue, Alex Martin' });
    await vi.waitFor(() => expect(listCalls(fetchMock)).toHaveLength(1));
    waiting = [failedGameDelivery()];
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_050)));
    expect(listCalls(fetchMock)).toHaveLength(2);
    expect(await banner()).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { staffOrdersApi } from '../../../../../shared/contract/staff-orders';
import type { AvailableVpsDto, StaffOrderDto } from '../../../../../shared/schemas/staff/orders';
import { answer, isCallOf } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { bodyOf, openDashboard, STAFF_TOKEN, staffOrder, answerDialog, stubDialogElement } from '../staff-test-kit';

let visibility: DocumentVisibilityState = 'visible';

beforeAll(stubDialogElement);

beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const folded = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const ordersTable = () => screen.getByRole('table', { name: 'Commandes à traiter' });
const rows = () => within(ordersTable()).getAllByRole('row').slice(1);
const idOf = (row: HTMLElement) => within(row).getAllByRole('cell')[0]!.textContent;
const rowOf = (id: number) => rows().find((row) => idOf(row) === `#${id}`)!;
const page = (orders: StaffOrderDto[], next: number | null = null) => answer(staffOrdersApi.list, { orders, limit: 50, next });
const isList = (url: string, init?: RequestInit) => isCallOf(staffOrdersApi.list, url, init);

const vps = (overrides: Partial<AvailableVpsDto> = {}): AvailableVpsDto => ({
  id: 9,
  service_name: 'vps-lin-009.ovh.net',
  ip: '51.210.10.9',
  os: 'Ubuntu 24.04',
  plan: 'vps-starter',
  region: 'GRA',
  ram: 2,
  cores: 1,
  storage: 40,
  fit: 'match',
  ...overrides,
});

const MY_ID = 42;

describe('orders page (spec §2 "Orders page")', () => {
  it('shows the title, the eight columns, and « Non assigné » for an order without agent', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/0', {
      api: (url, init) =>
        isList(url, init)
          ? page([staffOrder({ id: 101 }), staffOrder({ id: 102, status: 'in_progress', supportId: 8, support_name: 'Sam' })])
          : undefined,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste des commandes' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Commandes à traiter' });
    const headers = within(ordersTable())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['ID', 'Client', 'Produit', 'OS', 'Status', 'Support', 'Actions', 'Date']);
    expect(folded(rowOf(101).textContent)).toContain('Non assigné');
    expect(folded(rowOf(101).textContent)).toContain('VPS Linux S');
    expect(folded(rowOf(101).textContent)).toContain('Ubuntu 24.04');
    expect(folded(rowOf(102).textContent)).toContain('Sam');
    const [call] = callsTo(fetchMock, '/api/admin/orders');
    expect(call?.[0]).toBe(`/api/admin/orders?userId=${MY_ID}&limit=50`);
    expect(bearerOf(call?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
  });

  it('shows the loading text, then the empty text', async () => {
    let resolveList: (response: Response) => void = () => undefined;
    openDashboard('/fr/dashboard-admin/0', {
      api: (url, init) => (isList(url, init) ? new Promise<Response>((resolve) => (resolveList = resolve)) : undefined),
    });
    expect(await screen.findByText('Chargement des commandes...')).toBeTruthy();
    resolveList(page([]));
    expect(await screen.findByText('Aucune commande pour le moment.')).toBeTruthy();
  });

  it('a failed list shows « Impossible de récupérer les commandes. »', async () => {
    openDashboard('/fr/dashboard-admin/0', { api: (url, init) => (isList(url, init) ? json(500, { error: 'internal' }) : undefined) });
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de récupérer les commandes.');
  });

  it("'Prendre' shows for pending unassigned orders; 'Assigner VPS' for in_progress mine or nobody's", async () => {
    openDashboard('/fr/dashboard-admin/0', {
      api: (url, init) =>
        isList(url, init)
          ? page([
              staffOrder({ id: 1, status: 'pending', supportId: null }),
              staffOrder({ id: 2, status: 'pending', supportId: 8, support_name: 'Sam' }),
              staffOrder({ id: 3, status: 'in_progress', supportId: MY_ID, support_name: 'Alex' }),
              staffOrder({ id: 4, status: 'in_progress', supportId: null }),
              staffOrder({ id: 5, status: 'in_progress', supportId: 8, support_name: 'Sam' }),
            ])
          : undefined,
    });
    await screen.findByRole('table', { name: 'Commandes à traiter' });
    const buttons = (id: number) =>
      within(rowOf(id))
        .queryAllByRole('button')
        .map((button) => button.textContent);
    expect(buttons(1)).toEqual(['Prendre']);
    expect(buttons(2)).toEqual([]);
    expect(buttons(3)).toEqual(['Assigner VPS']);
    expect(buttons(4)).toEqual(['Assigner VPS']);
    expect(buttons(5)).toEqual([]);
  });

  it("'Prendre' posts {userId} and shows the order as taken", async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/0', {
      api: (url, init) => {
        if (url === '/api/admin/orders/101/take')
          return answer(staffOrdersApi.take, {
            success: true,
            order: staffOrder({ id: 101, status: 'in_progress', supportId: MY_ID, support_name: 'Alex Martin' }),
          });
        if (isList(url, init)) return page([staffOrder({ id: 101 })]);
        return undefined;
      },
    });
    await screen.findByRole('table', { name: 'Commandes à traiter' });
    fireEvent.click(within(rowOf(101)).getByRole('button', { name: 'Prendre' }));
    expect(await within(rowOf(101)).findByRole('button', { name: 'Assigner VPS' })).toBeTruthy();
    expect(folded(rowOf(101).textContent)).toContain('Payée · livraison en cours');
    const [take] = callsTo(fetchMock, '/api/admin/orders/101/take');
    expect(bodyOf(take?.[1])).toEqual({ userId: MY_ID });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a take lost to another agent (409) alerts « Erreur prise en charge. » and reloads the list', async () => {
    let taken = false;
    openDashboard('/fr/dashboard-admin/0', {
      api: (url, init) => {
        if (url === '/api/admin/orders/101/take') {
          taken = true;
          return json(409, { error: 'order_not_takeable', message: 'taken' });
        }
        if (isList(url, init))
          return page([
            taken ? staffOrder({ id: 101, status: 'in_progress', supportId: 8, support_name: 'Sam' }) : staffOrder({ id: 101 }),
          ]);
        return undefined;
      },
    });
    await screen.findByRole('table', { name: 'Commandes à traiter' });
    fireEvent.click(within(rowOf(101)).getByRole('button', { name: 'Prendre' }));
    await answerDialog('Erreur prise en charge.', 'OK');
    await vi.waitFor(() => expect(folded(rowOf(101).textContent)).toContain('Sam'));
    expect(within(rowOf(101)).queryAllByRole('button')).toHaveLength(0);
  });

  it('the VPS panel lists the machines for the order beside its plan, assigns one and confirms with an alert', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/0', {
      api: (url, init) => {
        if (url === '/api/admin/vps/available?orderId=103')
          return answer(staffOrdersApi.availableVps, {
            vpsList: [
              vps(),
              vps({ id: 10, service_name: 'vps-lin-010.ovh.net', ip: '51.210.10.10' }),
              vps({ id: 11, service_name: 'vps-lin-011.ovh.net', ram: 4, cores: 2, storage: 80, fit: 'larger' }),
              vps({ id: 12, service_name: 'vps-lin-012.ovh.net', ram: 1, cores: 1, storage: 20, fit: 'smaller' }),
            ],
            orderedPlan: { product: 'VPS Linux SSD Starter', ram: 2, cores: 1, storage: 40 },
            next: null,
            hasMore: false,
          });
        if (url === '/api/admin/orders/103/confirm') return answer(staffOrdersApi.confirm, { success: true });
        if (isList(url, init))
          return page(
            fetchMock.mock.calls.some(([u]) => String(u).endsWith('/confirm'))
              ? []
              : [staffOrder({ id: 103, status: 'in_progress', supportId: MY_ID })],
          );
        return undefined;
      },
    });
    await screen.findByRole('table', { name: 'Commandes à traiter' });
    fireEvent.click(within(rowOf(103)).getByRole('button', { name: 'Assigner VPS' }));
    const panel = await screen.findByRole('dialog', { name: 'Attribuer un VPS pour la commande #103' });
    const table = await within(panel).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Service', 'IP', 'OS', 'Plan', 'Configuration', 'Commande', 'Action']);
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(panel).getByText('Commandé : VPS Linux SSD Starter — 2 Go · 1 vCPU · 40 Go')).toBeTruthy();
    expect(within(table).getAllByText('Conforme')).toHaveLength(2);
    // A larger machine only as an explicit upgrade; a smaller one is shown, never offered.
    expect(within(panel).getByRole('button', { name: 'Montée en gamme vps-lin-011.ovh.net' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /vps-lin-012/ })).toBeNull();
    expect(within(table).getByText('Trop petit')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: /^Attribuer vps-lin-010/ }));
    await answerDialog('VPS attribué avec succès !', 'OK');
    const [confirm] = callsTo(fetchMock, '/api/admin/orders/103/confirm');
    expect(bodyOf(confirm?.[1])).toEqual({ userId: MY_ID, vpsId: 10 });
    expect(await screen.findByText('Aucune commande pour le moment.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: /Attribuer un VPS/ })).toBeNull();
  });

  it("a failed assignment alerts « Erreur lors de l'attribution du VPS. » and keeps the panel", async () => {
    openDashboard('/fr/dashboard-admin/0', {
      api: (url, init) => {
        if (isCallOf(staffOrdersApi.availableVps, url, init))
          return answer(staffOrdersApi.availableVps, { vpsList: [vps()], orderedPlan: null, next: null, hasMore: false });
        if (url === '/api/admin/orders/103/confirm') return json(409, { error: 'vps_not_available', message: 'gone' });
        if (isList(url, init)) return page([staffOrder({ id: 103, status: 'in_progress', supportId: null })]);
        return undefined;
      },
    });
    await screen.findByRole('table', { name: 'Commandes à traiter' });
    fireEvent.click(within(rowOf(103)).getByRole('button', { name: 'Assigner VPS' }));
    const panel = await screen.findByRole('dialog', { name: 'Attribuer un VPS pour la commande #103' });
    fireEvent.click(await within(panel).findByRole('button', { name: /^Attribuer/ }));
    await answerDialog("Erreur lors de l'attribution du VPS.", 'OK');
    expect((within(panel).getByRole('button', { name: /^Attribuer/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a larger machine is confirmed with upgrade; a refusal about the plan alerts its own text', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/0', {
      api: (url, init) => {
        if (isCallOf(staffOrdersApi.availableVps, url, init))
          return answer(staffOrdersApi.availableVps, {
            vpsList: [vps({ id: 11, service_name: 'vps-lin-011.ovh.net', ram: 4, cores: 2, storage: 80, fit: 'larger' })],
            orderedPlan: { product: 'VPS Linux SSD Starter', ram: 2, cores: 1, storage: 40 },
            next: null,
            hasMore: false,
          });
        if (url === '/api/admin/orders/103/confirm') return json(409, { error: 'vps_smaller_than_order', message: 'small' });
        if (isList(url, init)) return page([staffOrder({ id: 103, status: 'in_progress', supportId: null })]);
        return undefined;
      },
    });
    await screen.findByRole('table', { name: 'Commandes à traiter' });
    fireEvent.click(within(rowOf(103)).getByRole('button', { name: 'Assigner VPS' }));
    const panel = await screen.findByRole('dialog', { name: 'Attribuer un VPS pour la commande #103' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Montée en gamme vps-lin-011.ovh.net' }));
    await answerDialog('Ce VPS est plus petit que l’offre commandée : il ne peut pas être attribué.', 'OK');
    const [confirm] = callsTo(fetchMock, '/api/admin/orders/103/confirm');
    expect(bodyOf(confirm?.[1])).toEqual({ userId: MY_ID, vpsId: 11, upgrade: true });
  });

  it("the VPS panel's loading, empty, failure and cancel", async () => {
    let fail = false;
    let resolveVps: (response: Response) => void = () => undefined;
    openDashboard('/fr/dashboard-admin/0', {
      api: (url, init) => {
        if (isCallOf(staffOrdersApi.availableVps, url, init))
          return fail ? json(500, { error: 'internal' }) : new Promise<Response>((resolve) => (resolveVps = resolve));
        if (isList(url, init)) return page([staffOrder({ id: 103, status: 'in_progress', os: 'Windows Server 2022', supportId: null })]);
        return undefined;
      },
    });
    await screen.findByRole('table', { name: 'Commandes à traiter' });
    const assign = within(rowOf(103)).getByRole('button', { name: 'Assigner VPS' });
    assign.focus(); // as a keyboard user would
    fireEvent.click(assign);
    expect(await screen.findByText('Chargement des VPS...')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Attribuer un VPS pour la commande #103');
    resolveVps(answer(staffOrdersApi.availableVps, { vpsList: [], orderedPlan: null, next: null, hasMore: false }));
    expect(await screen.findByText('Aucun VPS disponible pour Windows Server 2022')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog', { name: /Attribuer un VPS/ })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Assigner VPS'); // the focus is back on the row

    fail = true;
    fireEvent.click(within(rowOf(103)).getByRole('button', { name: 'Assigner VPS' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les VPS disponibles.');
  });

  it("the VPS panel's 'Charger plus' adds the machines after the last one shown, for the same order", async () => {
    const plan = { product: 'VPS Linux SSD Starter', ram: 2, cores: 1, storage: 40 };
    const first = Array.from({ length: 50 }, (_, index) => vps({ id: 200 + index, service_name: `vps-lin-${200 + index}.ovh.net` }));
    const { fetchMock } = openDashboard('/fr/dashboard-admin/0', {
      api: (url, init) => {
        if (url === '/api/admin/vps/available?orderId=103&after=249')
          return answer(staffOrdersApi.availableVps, {
            vpsList: [vps({ id: 300, service_name: 'vps-lin-300.ovh.net', ram: 4, cores: 2, storage: 80, fit: 'larger' })],
            orderedPlan: plan,
            next: null,
            hasMore: false,
          });
        if (url === '/api/admin/vps/available?orderId=103')
          return answer(staffOrdersApi.availableVps, { vpsList: first, orderedPlan: plan, next: 249, hasMore: true });
        if (isList(url, init)) return page([staffOrder({ id: 103, status: 'in_progress', supportId: MY_ID })]);
        return undefined;
      },
    });
    const slow = { timeout: 5000 }; // fifty rows take a while to render on a busy machine
    await screen.findByRole('table', { name: 'Commandes à traiter' }, slow);
    fireEvent.click(within(rowOf(103)).getByRole('button', { name: 'Assigner VPS' }));
    const panel = await screen.findByRole('dialog', { name: 'Attribuer un VPS pour la commande #103' });
    const table = await within(panel).findByRole('table', {}, slow);
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    fireEvent.click(within(panel).getByRole('button', { name: 'Charger plus' }));
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(52), slow);
    expect(within(panel).getByRole('button', { name: 'Montée en gamme vps-lin-300.ovh.net' })).toBeTruthy();
    expect(within(panel).getByText('Commandé : VPS Linux SSD Starter — 2 Go · 1 vCPU · 40 Go')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/vps/available').map(([url]) => url)).toEqual([
      '/api/admin/vps/available?orderId=103',
      '/api/admin/vps/available?orderId=103&after=249',
    ]);
    expect(within(panel).queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it("'Charger plus' appears when there is a next page and adds the orders after the last one shown", async () => {
    const first = Array.from({ length: 50 }, (_, index) => staffOrder({ id: 1000 - index }));
    const { fetchMock } = openDashboard('/fr/dashboard-admin/0', {
      api: (url, init) => {
        if (url.includes('after=951')) return page([staffOrder({ id: 900 })]);
        if (isList(url, init)) return page(first, 951);
        return undefined;
      },
    });
    // Fifty rows take a while to render on a busy machine: wider waits than the default second.
    const slow = { timeout: 5000 };
    await screen.findByRole('table', { name: 'Commandes à traiter' }, slow);
    expect(rows()).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(51), slow);
    expect(callsTo(fetchMock, '/api/admin/orders').map(([url]) => url)).toContain(`/api/admin/orders?userId=${MY_ID}&after=951&limit=50`);
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it('no « Charger plus » when the page was the last', async () => {
    openDashboard('/fr/dashboard-admin/0', { api: (url, init) => (isList(url, init) ? page([staffOrder()]) : undefined) });
    await screen.findByRole('table', { name: 'Commandes à traiter' });
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it('an offline support agent sees the off-duty text instead of the list', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/0', { role: 'support', isOnline: false });
    expect(await screen.findByText('Vous êtes hors service. Reprenez le service pour voir vos tickets.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(callsTo(fetchMock, '/api/admin/orders')).toHaveLength(0);
  });

  it('a 403 off_duty from the server (duty ended elsewhere) shows the off-duty text too', async () => {
    openDashboard('/fr/dashboard-admin/0', {
      role: 'support',
      isOnline: true,
      api: (url, init) => (isList(url, init) ? json(403, { error: 'off_duty', message: 'Take duty' }) : undefined),
    });
    expect(await screen.findByText('Vous êtes hors service. Reprenez le service pour voir vos tickets.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prendre le service' })).toBeTruthy();
  });

  it('refreshes every 10 s, merged by id: changed rows update in place, new ones appear, none twice; paused while hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let listed = [staffOrder({ id: 101 }), staffOrder({ id: 102 })];
    const { fetchMock } = openDashboard('/fr/dashboard-admin/0', { api: (url, init) => (isList(url, init) ? page(listed) : undefined) });
    await screen.findByRole('table', { name: 'Commandes à traiter' });
    const kept = rowOf(102);
    const calls = () => callsTo(fetchMock, '/api/admin/orders').length;
    expect(calls()).toBe(1);

    listed = [
      staffOrder({ id: 103 }),
      staffOrder({ id: 101, status: 'in_progress', supportId: 8, support_name: 'Sam' }),
      staffOrder({ id: 102 }),
      staffOrder({ id: 102 }),
    ];
    await tick(10_000);
    expect(calls()).toBe(2);
    expect(rows().map(idOf)).toEqual(['#103', '#101', '#102']);
    expect(folded(rowOf(101).textContent)).toContain('Sam');
    expect(rowOf(102)).toBe(kept); // the unchanged row is the same element

    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await tick(30_000);
    expect(calls()).toBe(2);
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await tick(0);
    expect(calls()).toBe(3);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { staffProductsApi } from '../../../../../../shared/contract/staff-products';
import { answer } from '../../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../../testing/fetch-mock';
import { bodyOf, openDashboard, STAFF_TOKEN } from '../../staff-test-kit';
import type { GamePanelCatalogue } from './api/get-game-panel-catalogue';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const CATALOGUE: GamePanelCatalogue = {
  flavour: 'pterodactyl',
  nests: [
    { id: 1, name: 'Minecraft' },
    { id: 2, name: 'Source Engine' },
  ],
  eggs: [
    {
      id: 5,
      nest: 1,
      name: 'Paper',
      dockerImages: { 'Java 21': 'ghcr.io/pterodactyl/yolks:java_21', 'Java 17': 'ghcr.io/pterodactyl/yolks:java_17' },
      startup: 'java -Xms128M -jar {{SERVER_JARFILE}}',
      variables: [
        {
          envVariable: 'SERVER_JARFILE',
          name: 'Server Jar File',
          defaultValue: 'server.jar',
          rules: 'required|string|max:20',
          required: true,
        },
        {
          envVariable: 'MINECRAFT_VERSION',
          name: 'Minecraft Version',
          defaultValue: 'latest',
          rules: 'nullable|string|max:20',
          required: false,
        },
      ],
    },
    {
      id: 6,
      nest: 1,
      name: 'Forge',
      dockerImages: { 'Java 17': 'ghcr.io/pterodactyl/yolks:java_17' },
      startup: 'java -jar forge.jar',
      variables: [],
    },
    {
      id: 9,
      nest: 2,
      name: "Garry's Mod",
      dockerImages: { Source: 'ghcr.io/parkervcp/games:source' },
      startup: './srcds_run',
      variables: [],
    },
  ],
  locations: [
    { id: 1, short: 'gra', long: 'Gravelines' },
    { id: 2, short: 'fail', long: null },
  ],
  tags: [],
};

const CATEGORIES = [{ id: 4, name: 'Minecraft', subcategories: [{ id: 8, name: 'Moddé' }] }];

type Api = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

async function openForm(api: Api = () => undefined) {
  const view = openDashboard('/fr/dashboard-admin/6', {
    api: (url, init) => {
      if (url === '/api/admin/categories') return answer(staffProductsApi.categories, { categories: CATEGORIES });
      if (url === '/api/admin/game-panel/catalogue') return json(200, CATALOGUE);
      return api(url, init);
    },
  });
  await screen.findByRole('option', { name: 'Minecraft' });
  type(/^Nom/, 'Minecraft Moddé 8 Go');
  type(/^Slug/, 'minecraft-modde-8');
  type(/^Prix/, '14,99');
  type(/^Catégorie(?!s| et)/, '4');
  type(/^Sous-catégorie/, '8');
  return view;
}

const section = () => screen.getByRole('group', { name: 'Livraison' });
const inSection = (label: RegExp | string) => within(section()).getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const typeIn = (label: RegExp | string, value: string, root: HTMLElement = section()) =>
  fireEvent.change(within(root).getByLabelText(label), { target: { value } });
async function submit() {
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Créer le produit' })));
  await screen.findByRole('button', { name: 'Créer le produit' });
}
const created = (fetchMock: ReturnType<typeof openDashboard>['fetchMock']) => bodyOf(callsTo(fetchMock, '/api/admin/create')[0]?.[1]);

// Typing the product's cards, then the delivery's, takes seconds in jsdom on a busy machine.
describe('product form: « Livraison » (issue 31)', { timeout: 20_000 }, () => {
  it('by hand by default: sends the manual mode and no choices', async () => {
    const { fetchMock } = await openForm((url) =>
      url === '/api/admin/create' ? answer(staffProductsApi.create, { productId: 80 }) : undefined,
    );
    expect((inSection('À la main (un agent)') as HTMLInputElement).checked).toBe(true);
    await submit();
    expect(created(fetchMock)).toMatchObject({ delivery: { mode: 'manual' }, service_kind: 'vps', os_choices: [], variants: [] });
  });

  it('a game server delivered by hand offers versions by name, no systems; two rows with one id are refused', async () => {
    const { fetchMock } = await openForm((url) =>
      url === '/api/admin/create' ? answer(staffProductsApi.create, { productId: 84 }) : undefined,
    );
    fireEvent.click(inSection('Un serveur de jeu'));
    expect(within(section()).queryByRole('button', { name: 'Ajouter un système' })).toBeNull();
    fireEvent.click(within(section()).getByRole('button', { name: 'Ajouter une version' }));
    fireEvent.click(within(section()).getByRole('button', { name: 'Ajouter une version' }));
    for (const n of [1, 2]) {
      const row = within(section()).getByRole('group', { name: `Version ${n}` });
      expect(within(row).queryByLabelText(/^Egg/)).toBeNull(); // no panel: a name only
      typeIn(/^Identifiant/, 'paper', row);
      typeIn(/^Libellé/, n === 1 ? 'Paper' : 'Paper bis', row);
    }
    await submit();
    expect(within(section()).getByText('Chaque ligne doit avoir son propre identifiant.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/create')).toHaveLength(0);

    typeIn(/^Identifiant/, 'fabric', within(section()).getByRole('group', { name: 'Version 2' }));
    await submit();
    expect(created(fetchMock)).toMatchObject({
      delivery: { mode: 'manual' },
      service_kind: 'game',
      os_choices: [],
      variants: [
        { id: 'paper', name: 'Paper' },
        { id: 'fabric', name: 'Paper bis' },
      ],
    });
  });

  it('game panel: lists read from the panel with the staff token; an egg brings its image, startup and variables; the settings are sent', async () => {
    const { fetchMock } = await openForm((url) =>
      url === '/api/admin/create' ? answer(staffProductsApi.create, { productId: 81 }) : undefined,
    );
    fireEvent.click(inSection('Panel de jeu (Pterodactyl ou Pelican)'));
    await within(section()).findByRole('option', { name: 'Paper' }); // the panel's catalogue has come
    const egg = within(section()).getByLabelText(/^Egg\b/) as HTMLSelectElement;
    expect(bearerOf(callsTo(fetchMock, '/api/admin/game-panel/catalogue')[0]?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
    typeIn(/^Nest/, '2');
    expect(Array.from(egg.options, (option) => option.textContent)).toEqual(['Choisir…', "Garry's Mod"]);
    typeIn(/^Nest/, '1');
    fireEvent.change(egg, { target: { value: '5' } });
    expect((inSection(/^Image Docker/) as unknown as HTMLSelectElement).value).toBe('ghcr.io/pterodactyl/yolks:java_21');
    expect(inSection(/^Commande de démarrage/).value).toBe('java -Xms128M -jar {{SERVER_JARFILE}}');
    expect(inSection(/^Server Jar File \(SERVER_JARFILE\)/).value).toBe('server.jar');
    typeIn(/^Minecraft Version/, '1.21.4');
    typeIn(/^Mémoire \(Mo\)/, '8192');
    typeIn(/^Disque \(Mo\)/, '20480');
    typeIn(/^CPU/, '200');
    fireEvent.click(inSection('gra · Gravelines'));
    typeIn(/^Plages de ports/, '25565-25600, 27015');
    fireEvent.click(within(section()).getByRole('button', { name: 'Ajouter une version' }));
    const version = within(section()).getByRole('group', { name: 'Version 1' });
    typeIn(/^Identifiant/, 'forge', version);
    typeIn(/^Libellé/, 'Forge', version);
    typeIn(/^Egg de la version/, '6', version);
    await submit();

    expect(created(fetchMock)).toMatchObject({
      delivery: {
        mode: 'pterodactyl',
        pterodactyl: {
          nest: 1,
          egg: 5,
          dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
          startup: 'java -Xms128M -jar {{SERVER_JARFILE}}',
          environment: { SERVER_JARFILE: 'server.jar', MINECRAFT_VERSION: '1.21.4' },
          limits: { memory: 8192, swap: 0, disk: 20480, io: 500, cpu: 200 },
          featureLimits: { databases: 0, allocations: 1, backups: 0 },
          locations: [1],
          tags: [],
          portRange: ['25565-25600', '27015'],
        },
      },
      service_kind: 'game',
      variants: [{ id: 'forge', name: 'Forge', egg: 6, environment: {} }],
      os_choices: [],
    });
    expect(await screen.findByText('Produit créé avec succès ! ID: 81')).toBeTruthy();
  });

  it('a VPS from the inventory with its systems: a bad id is shown on its field and nothing is sent until corrected', async () => {
    const { fetchMock } = await openForm((url) =>
      url === '/api/admin/create' ? answer(staffProductsApi.create, { productId: 82 }) : undefined,
    );
    fireEvent.click(inSection('Inventaire VPS'));
    fireEvent.click(within(section()).getByRole('button', { name: 'Ajouter un système' }));
    fireEvent.click(within(section()).getByRole('button', { name: 'Ajouter un système' }));
    const first = within(section()).getByRole('group', { name: 'Système 1' });
    const second = within(section()).getByRole('group', { name: 'Système 2' });
    typeIn(/^Identifiant/, 'Ubuntu 24.04', first);
    typeIn(/^Libellé/, 'Ubuntu 24.04', first);
    typeIn(/^Identifiant/, 'windows-2022', second);
    typeIn(/^Libellé/, 'Windows Server 2022', second);
    typeIn(/^Famille/, 'windows', second);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Vérifiez les champs signalés de la section Livraison.');
    const badId = within(first).getByLabelText(/^Identifiant/);
    expect(badId.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(badId);
    expect(within(first).getByText(/Lettres minuscules, chiffres et tirets/)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/create')).toHaveLength(0);

    typeIn(/^Identifiant/, 'ubuntu-24-04', first);
    await submit();
    expect(created(fetchMock)).toMatchObject({
      delivery: { mode: 'inventory', inventory: { plan: '', orderAtOvh: false } },
      service_kind: 'vps',
      os_choices: [
        { id: 'ubuntu-24-04', name: 'Ubuntu 24.04', family: 'linux' },
        { id: 'windows-2022', name: 'Windows Server 2022', family: 'windows' },
      ],
      variants: [],
    });
  });

  it('OVH ordering: the price cap typed in euros is sent in cents', async () => {
    const { fetchMock } = await openForm((url) =>
      url === '/api/admin/create' ? answer(staffProductsApi.create, { productId: 83 }) : undefined,
    );
    fireEvent.click(inSection('Commande OVH'));
    typeIn(/^Code du plan OVH/, 'vps-2025-model1');
    typeIn(/^Datacenter OVH/, 'GRA');
    typeIn(/^Plafond de prix OVH/, '9,50');
    await submit();
    expect(created(fetchMock)).toMatchObject({
      delivery: { mode: 'ovh_order', ovh: { planCode: 'vps-2025-model1', datacenter: 'GRA', maxPriceCents: 950 } },
    });
  });

  it('a setting the panel refuses (the server checks them) is marked on its field', async () => {
    await openForm((url) =>
      url === '/api/admin/create'
        ? json(400, { error: 'validation_error', message: 'Invalid', fields: { 'delivery.pterodactyl.egg': 'not in the panel' } })
        : undefined,
    );
    fireEvent.click(inSection('Panel de jeu (Pterodactyl ou Pelican)'));
    await within(section()).findByRole('option', { name: 'Paper' }); // the panel's catalogue has come
    const egg = within(section()).getByLabelText(/^Egg\b/) as HTMLSelectElement;
    fireEvent.change(egg, { target: { value: '6' } });
    typeIn(/^Mémoire \(Mo\)/, '4096');
    typeIn(/^Disque \(Mo\)/, '10240');
    typeIn(/^CPU/, '100');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Vérifiez les champs signalés de la section Livraison.');
    expect(egg.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(egg);
    expect(within(section()).getByText('Refusé par le panel : vérifiez cette valeur.')).toBeTruthy();
  });
});

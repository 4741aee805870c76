// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { staffProductsApi } from '../../../../../shared/contract/staff-products';
import type { AdminProductDto, GamePanelCatalogueDto } from '../../../../../shared/schemas/staff/products';
import { answer } from '../../../testing/contract-mock';
import { bodyOf, openDashboard, stubDialogElement } from '../staff-test-kit';

beforeAll(stubDialogElement);
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const CATALOGUE: GamePanelCatalogueDto = {
  flavour: 'pterodactyl',
  nests: [{ id: 1, name: 'Minecraft' }],
  eggs: [
    {
      id: 5,
      nest: 1,
      name: 'Paper',
      dockerImages: { 'Java 21': 'ghcr.io/pterodactyl/yolks:java_21' },
      startup: 'java -jar {{SERVER_JARFILE}}',
      variables: [
        { envVariable: 'SERVER_JARFILE', name: 'Server Jar File', defaultValue: 'server.jar', rules: 'required', required: true },
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
  ],
  locations: [{ id: 1, short: 'gra', long: 'Gravelines' }],
  tags: [],
};

const minecraft: AdminProductDto = {
  id: 9,
  name: 'Minecraft Survie 4 Go',
  slug: 'minecraft-survie-4',
  category_id: 2,
  category_name: 'Minecraft',
  subcategory_id: 3,
  subcategory_name: 'Vanilla',
  image: 'minecraft',
  price_cents: 799,
  support_cents: 0,
  margin_cents: 0,
  tax_rate: 21,
  currency: 'EUR',
  stock: 40,
  is_active: true,
  description: 'Survie entre amis.',
  translations: {},
  storage_type: null,
  billing_months: 1,
  bandwidth: '',
  updated_at: '2026-11-20T10:00:00.000Z',
  service_kind: 'game',
  delivery: {
    mode: 'pterodactyl',
    pterodactyl: {
      nest: 1,
      egg: 5,
      dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: 'java -jar {{SERVER_JARFILE}}',
      environment: { SERVER_JARFILE: 'server.jar' },
      limits: { memory: 4096, swap: 0, disk: 10240, io: 500, cpu: 200 },
      featureLimits: { databases: 0, allocations: 1, backups: 1 },
      locations: [1],
      tags: [],
      portRange: ['25565-25600'],
    },
  },
  os_choices: [],
  variants: [{ id: 'forge', name: 'Forge', egg: 6, environment: { FORGE_VERSION: '47.2.0' } }],
};

function openProducts() {
  return openDashboard('/fr/dashboard-admin/3', {
    api: (url, init) => {
      if (url.startsWith('/api/admin/products?'))
        return answer(staffProductsApi.list, { products: [minecraft], next: null, hasMore: false });
      if (url === '/api/admin/categories')
        return answer(staffProductsApi.categories, {
          categories: [{ id: 2, name: 'Minecraft', subcategories: [{ id: 3, name: 'Vanilla' }] }],
        });
      if (url === staffProductsApi.gamePanelCatalogue.path) return answer(staffProductsApi.gamePanelCatalogue, CATALOGUE);
      if (url === '/api/admin/products/9' && init?.method === 'PATCH') return answer(staffProductsApi.update, { product: minecraft });
      return undefined;
    },
  });
}

describe('editing a product’s delivery (issue 31)', () => {
  it('shows the saved section; a change sends the section whole (versions kept as saved), and nothing else', async () => {
    const { fetchMock } = openProducts();
    const table = await screen.findByRole('table', { name: 'Produits du catalogue' });
    fireEvent.click(within(table).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier « Minecraft Survie 4 Go »' });
    const section = within(dialog).getByRole('group', { name: 'Livraison' });
    expect((within(section).getByLabelText('Panel de jeu (Pterodactyl ou Pelican)') as HTMLInputElement).checked).toBe(true);
    await within(section).findAllByRole('option', { name: 'Paper' }); // the panel's catalogue has come
    expect((within(section).getByLabelText(/^Egg(?! de)/) as HTMLSelectElement).value).toBe('5');
    expect((within(section).getByLabelText(/^Plages de ports/) as HTMLInputElement).value).toBe('25565-25600');
    expect((within(section).getByLabelText('gra · Gravelines') as HTMLInputElement).checked).toBe(true);
    expect((within(within(section).getByRole('group', { name: 'Version 1' })).getByLabelText(/^Libellé/) as HTMLInputElement).value).toBe(
      'Forge',
    );

    fireEvent.change(within(section).getByLabelText(/^Mémoire \(Mo\)/), { target: { value: '6144' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await screen.findByRole('status');

    const [patch] = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(bodyOf(patch?.[1])).toEqual({
      delivery: {
        mode: 'pterodactyl',
        pterodactyl: {
          nest: 1,
          egg: 5,
          dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
          startup: 'java -jar {{SERVER_JARFILE}}',
          environment: { SERVER_JARFILE: 'server.jar' },
          limits: { memory: 6144, swap: 0, disk: 10240, io: 500, cpu: 200 },
          featureLimits: { databases: 0, allocations: 1, backups: 1 },
          locations: [1],
          tags: [],
          portRange: ['25565-25600'],
        },
      },
      service_kind: 'game',
      os_choices: [],
      variants: [{ id: 'forge', name: 'Forge', egg: 6, environment: { FORGE_VERSION: '47.2.0' } }],
    });
  });
});

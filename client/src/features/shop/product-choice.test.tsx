// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { catalogApi } from '../../../../shared/contract/catalog';
import type { Product } from '../../../../shared/schemas/product';
import { answer, isCallOf } from '../../testing/contract-mock';
import { stubDialogElement } from '../../testing/dialogs';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { ShopPage } from './shop-page';
import { apiProduct } from './test-products';

beforeAll(stubDialogElement);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const ubuntuVps = apiProduct({
  id: 7,
  slug: 'vps-linux',
  name: 'VPS Linux NVMe Pro',
  category_name: 'Classique Linux',
  subcategory_name: 'VPS Linux',
  delivery: 'automatic',
  service_kind: 'vps',
  os_choices: [
    { id: 'ubuntu-24-04', name: 'Ubuntu 24.04', family: 'linux' },
    { id: 'debian-12', name: 'Debian 12', family: 'linux' },
  ],
});
const minecraft = apiProduct({
  id: 1,
  delivery: 'automatic',
  service_kind: 'game',
  variants: [
    { id: 'paper', name: 'Paper' },
    { id: 'fabric', name: 'Fabric' },
  ],
});
const vanillaOnly = apiProduct({
  id: 2,
  slug: 'mc-vanilla',
  name: 'Minecraft Vanilla 2 Go',
  delivery: 'manual',
  service_kind: 'game',
  variants: [{ id: 'vanilla', name: 'Vanilla' }],
});

function openShop(products: Product[], url: string) {
  mockFetch((path, init) => (isCallOf(catalogApi.products, path, init) ? answer(catalogApi.products, products) : json(404, {})));
  return renderPage(<ShopPage />, { path: 'boutique', url });
}

const storedLine = () => (JSON.parse(localStorage.getItem('cart') ?? '[]') as Record<string, unknown>[])[0];
const picker = (card: HTMLElement, name: string) => within(card).getByRole('combobox', { name }) as HTMLSelectElement;

describe('shop: what the buyer runs and when (issue 31)', () => {
  it('a VPS offers its systems, the first preselected; the one chosen goes into the cart line', async () => {
    openShop([ubuntuVps], '/fr/boutique?category=Classique%20Linux');
    const card = await screen.findByRole('article', { name: 'VPS Linux NVMe Pro' });
    const systems = picker(card, 'Système');
    expect(Array.from(systems.options, (option) => option.textContent)).toEqual(['Ubuntu 24.04', 'Debian 12']);
    expect(systems.value).toBe('ubuntu-24-04');
    expect(within(card).getByText('En ligne en quelques minutes')).toBeTruthy();

    fireEvent.change(systems, { target: { value: 'debian-12' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Ajouter au panier' }));
    expect(storedLine()).toMatchObject({ productId: 7, os: 'debian-12', delivery: 'automatic' });
    expect(storedLine()).not.toHaveProperty('variant');
  });

  it('a game server offers its versions; added without touching the picker, it carries the first', async () => {
    openShop([minecraft], '/fr/boutique?category=Minecraft');
    const card = await screen.findByRole('article', { name: 'Minecraft Survie 2 Go' });
    expect(picker(card, 'Version du jeu').value).toBe('paper');
    fireEvent.click(within(card).getByRole('button', { name: 'Ajouter au panier' }));
    expect(storedLine()).toMatchObject({ productId: 1, variant: 'paper' });
  });

  it('a single version is shown, not offered; a product delivered by our team says the working days', async () => {
    openShop([vanillaOnly], '/fr/boutique?category=Minecraft');
    const card = await screen.findByRole('article', { name: 'Minecraft Vanilla 2 Go' });
    expect(within(card).queryByRole('combobox')).toBeNull();
    expect(card.querySelector('.product-choice')?.textContent).toBe('Version du jeu Vanilla');
    expect(within(card).getByText('Mise en service sous 3 à 4 jours ouvrables')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Ajouter au panier' }));
    expect(storedLine()).toMatchObject({ variant: 'vanilla', delivery: 'manual' });
  });

  it('a product without choices or delivery (an answer from before them) shows neither', async () => {
    const { delivery: _delivery, os_choices: _systems, variants: _variants, ...older } = apiProduct();
    openShop([older as Product], '/fr/boutique?category=Minecraft');
    const card = await screen.findByRole('article', { name: 'Minecraft Survie 2 Go' });
    expect(within(card).queryByRole('combobox')).toBeNull();
    expect(card.querySelector('.delivery-promise')).toBeNull();
  });
});

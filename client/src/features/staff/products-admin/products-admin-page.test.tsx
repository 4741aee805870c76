// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { staffProductsApi } from '../../../../../shared/contract/staff-products';
import type { AdminProductDto } from '../../../../../shared/schemas/staff/products';
import { answer } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { bodyOf, openDashboard, STAFF_TOKEN, answerDialog, stubDialogElement } from '../staff-test-kit';

beforeAll(stubDialogElement);
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const product = (overrides: Partial<AdminProductDto> = {}): AdminProductDto => ({
  id: 5,
  name: 'VPS Linux S',
  slug: 'vps-linux-s',
  category_id: 4,
  category_name: 'Classique Linux',
  subcategory_id: 7,
  subcategory_name: 'VPS SSD',
  image: 'vps-linux',
  price_cents: 1000,
  support_cents: 200,
  margin_cents: 100,
  tax_rate: 21,
  currency: 'EUR',
  stock: 4,
  is_active: true,
  description: 'Un petit VPS.',
  translations: {},
  storage_type: null,
  billing_months: 1,
  bandwidth: '',
  updated_at: '2026-11-20T10:00:00.000Z',
  service_kind: 'vps',
  delivery: { mode: 'manual' },
  os_choices: [],
  variants: [],
  ...overrides,
});

const LIST = '/api/admin/products?';
const CATEGORIES = [
  { id: 4, name: 'Classique Linux', subcategories: [{ id: 7, name: 'VPS SSD' }] },
  { id: 2, name: 'Minecraft', subcategories: [{ id: 3, name: 'Vanilla' }] },
];
/** One page; with `hasMore`, the next one starts after its last product. */
const page = (products: AdminProductDto[], hasMore = false) =>
  answer(staffProductsApi.list, { products, next: hasMore ? products.at(-1)!.id : null, hasMore });
const table = () => screen.getByRole('table', { name: 'Produits du catalogue' });
const rowOf = (name: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(name))!;
const folded = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

/** Answers the list with `listAnswer` and a PATCH with the product as changed by its body. */
function openProducts(
  listAnswer: (url: string) => Response,
  role: 'admin' | 'manager' | 'support' = 'admin',
  patchAnswer?: (body: object) => Response,
) {
  return openDashboard('/fr/dashboard-admin/3', {
    role,
    api: (url, init) => {
      if (url.startsWith(LIST)) return listAnswer(url);
      if (url === '/api/admin/categories') return answer(staffProductsApi.categories, { categories: CATEGORIES });
      if (url.startsWith('/api/admin/products/') && init?.method === 'PATCH') {
        const body = bodyOf(init) as Partial<AdminProductDto>;
        return patchAnswer?.(body) ?? answer(staffProductsApi.update, { product: product(body) });
      }
      return undefined;
    },
  });
}

describe('Produits page (category 3)', () => {
  it('lists the products: Nom, Catégorie, Prix (the price the shop sells at, HT and TTC, and its parts), Stock, Statut, Actions, with the staff token', async () => {
    const { fetchMock } = openProducts(() => page([product(), product({ id: 6, name: 'VPS Windows M', stock: 0 })]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Produits' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Nom', 'Catégorie', 'Prix', 'Stock', 'Statut', 'Actions']);
    const row = folded(rowOf('VPS Linux S').textContent);
    expect(row).toContain('Classique Linux');
    // Issue 34: the customer's price (1000 + 200 + 100 = 1300 HT, × 1.21 = 1573 TTC), not the base price alone.
    expect(row).toMatch(/En boutique : 13,00\s€ HT/);
    expect(row).toMatch(/15,73\s€ TTC/);
    expect(row).toMatch(/Prix 10,00\s€ \+ support 2,00\s€ \+ marge 1,00\s€/);
    expect(row).toContain('En vente');
    const [call] = callsTo(fetchMock, LIST);
    expect(queryOf(call![0])).toEqual({ archived: 'false' });
    expect(bearerOf(call![1])).toBe(`Bearer ${STAFF_TOKEN}`);
  });

  it('searches with the typed text and shows the archived products with « Archivés »', async () => {
    const { fetchMock } = openProducts((url) => (queryOf(url).archived === 'true' ? page([]) : page([product()])));
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    fireEvent.change(screen.getByLabelText('Rechercher un produit'), { target: { value: ' linux ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(callsTo(fetchMock, LIST)).toHaveLength(2));
    expect(queryOf(callsTo(fetchMock, LIST)[1]![0])).toEqual({ q: 'linux', archived: 'false' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Archivés' }));
    expect(await screen.findByText('Aucun produit archivé.')).toBeTruthy();
    expect(queryOf(callsTo(fetchMock, LIST)[2]![0])).toEqual({ q: 'linux', archived: 'true' });
  });

  it('edits price (typed in euros, sent in cents) and stock; the unchanged name and description are not sent; the row updates', async () => {
    const { fetchMock } = openProducts(() => page([product()]));
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    fireEvent.click(within(rowOf('VPS Linux S')).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier « VPS Linux S »' });
    const name = within(dialog).getByLabelText(/^Nom/) as HTMLInputElement;
    expect(document.activeElement).toBe(name);
    const price = within(dialog).getByLabelText('Prix HT (€)') as HTMLInputElement;
    expect(price.value).toBe('10,00');
    fireEvent.change(price, { target: { value: '15,5' } });
    fireEvent.change(within(dialog).getByLabelText('Stock'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect((await screen.findByRole('status')).textContent).toContain('« VPS Linux S » est enregistré.');
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches.map(([url]) => url)).toEqual(['/api/admin/products/5']);
    expect(bodyOf(patches[0]![1])).toEqual({ price_cents: 1550, stock: 7 });
    expect(folded(rowOf('VPS Linux S').textContent)).toMatch(/En boutique : 18,50\s€ HT/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves a product to another category and subcategory and changes its image (issue 17); the subcategory must be chosen again', async () => {
    const { fetchMock } = openProducts(() => page([product()]));
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    fireEvent.click(within(rowOf('VPS Linux S')).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier « VPS Linux S »' });
    await within(dialog).findByRole('option', { name: 'Minecraft' });
    const category = within(dialog).getByLabelText(/^Catégorie(?!s| et)/) as HTMLSelectElement;
    expect(category.value).toBe('4');
    expect((within(dialog).getByLabelText(/^Sous-catégorie/) as HTMLSelectElement).value).toBe('7');
    expect((within(dialog).getByRole('radio', { name: 'VPS Linux' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(category, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      (await within(dialog).findAllByText('Choisissez la catégorie, la sous-catégorie et l’image du produit.')).length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Sous-catégorie/)));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Sous-catégorie/), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Minecraft' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('status')).textContent).toContain('« VPS Linux S » est enregistré.');
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(bodyOf(patches[0]![1])).toEqual({ category_id: 2, subcategory_id: 3, image: 'minecraft' });
  });

  it('refuses an empty name, a price of 0, a stock that is not a whole number, and an unchanged form, without calling the server', async () => {
    const { fetchMock } = openProducts(() => page([product()]));
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    fireEvent.click(screen.getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Rien à modifier.');

    fireEvent.change(within(dialog).getByLabelText(/^Nom/), { target: { value: '   ' } });
    fireEvent.change(within(dialog).getByLabelText('Prix HT (€)'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Stock'), { target: { value: '2.5' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le nom est obligatoire.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Nom/)));
    expect(within(dialog).getByText('Le prix doit être supérieur à 0 (ex. 12,99).')).toBeTruthy();
    expect(within(dialog).getByText('Le stock doit être un nombre entier positif ou nul.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Prix HT (€)').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);
  });

  it('renames a product (trimmed) and shows the new name in the row and the message', async () => {
    const { fetchMock } = openProducts(() => page([product()]));
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    fireEvent.click(screen.getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Nom/), { target: { value: ' VPS Linux S+ ' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Plus de RAM.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('status')).textContent).toContain('« VPS Linux S+ » est enregistré.');
    const [patch] = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(bodyOf(patch![1])).toEqual({ name: 'VPS Linux S+', description: 'Plus de RAM.' });
    expect(within(table()).getByText('VPS Linux S+')).toBeTruthy();
  });

  it('edits the texts per language, the billing period, the storage type and the bandwidth (issue 34)', async () => {
    const translated = product({
      translations: { en: { name: 'Linux VPS S', description: undefined } },
      storage_type: 'NVMe',
      bandwidth: '250 Mbit/s',
    });
    const { fetchMock } = openProducts(() => page([translated]));
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    fireEvent.click(screen.getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    // A language left empty shows French in the shop: its tab says so; a translated one does not.
    const tab = (name: RegExp) => within(dialog).getByRole('tab', { name });
    expect(tab(/^Néerlandais/).textContent).toContain('texte français affiché');
    expect(tab(/^Anglais/).textContent).not.toContain('texte français affiché');
    fireEvent.click(tab(/^Anglais/));
    expect((within(dialog).getByLabelText(/^Anglais — Nom/) as HTMLInputElement).value).toBe('Linux VPS S');
    fireEvent.click(tab(/^Néerlandais/));
    fireEvent.change(within(dialog).getByLabelText(/^Néerlandais — Nom/), { target: { value: ' Linux-VPS S ' } });
    expect(tab(/^Néerlandais/).textContent).not.toContain('texte français affiché');

    const period = within(dialog).getByLabelText(/^Période de facturation/) as HTMLSelectElement;
    expect(period.value).toBe('1');
    fireEvent.change(period, { target: { value: '3' } });
    const storage = within(dialog).getByLabelText(/^Type de disque/) as HTMLSelectElement;
    expect(storage.value).toBe('NVMe');
    fireEvent.change(storage, { target: { value: 'SSD' } });
    const bandwidth = within(dialog).getByLabelText(/^Bande passante/) as HTMLInputElement;
    expect(bandwidth.value).toBe('250 Mbit/s');
    fireEvent.change(bandwidth, { target: { value: '1 Gbit/s' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect((await screen.findByRole('status')).textContent).toContain('« VPS Linux S » est enregistré.');
    const [patch] = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    // The translations go whole (the English one kept); the French name and the price, unchanged, are not sent.
    expect(bodyOf(patch![1])).toEqual({
      translations: { nl: { name: 'Linux-VPS S' }, en: { name: 'Linux VPS S' } },
      billing_months: 3,
      bandwidth: '1 Gbit/s',
      storage_type: 'SSD',
    });
  });

  it('a Dutch name the server refuses opens the Dutch tab with the field marked and focused', async () => {
    openProducts(
      () => page([product()]),
      'admin',
      () => json(400, { error: 'validation_error', message: 'Some fields are invalid', fields: { 'translations.nl.name': ['Too long'] } }),
    );
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    fireEvent.click(screen.getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('tab', { name: /^Néerlandais/ }));
    const dutch = within(dialog).getByLabelText(/^Néerlandais — Nom/);
    fireEvent.change(dutch, { target: { value: 'Linux-VPS S' } });
    fireEvent.click(within(dialog).getByRole('tab', { name: /^Français/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(document.activeElement).toBe(dutch));
    expect(dutch.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog)
        .getByRole('tab', { name: /^Néerlandais/ })
        .getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('a refused save keeps the dialog open with the error', async () => {
    openProducts(
      () => page([product()]),
      'admin',
      () => json(404, { error: 'product_not_found', message: 'No such product' }),
    );
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    fireEvent.click(screen.getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Stock'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Ce produit n’existe plus.');
  });

  it('a price the server refuses is marked on the price field, which takes the focus', async () => {
    openProducts(
      () => page([product()]),
      'admin',
      () => json(400, { error: 'validation_error', message: 'Some fields are invalid', fields: { price_cents: ['Too big'] } }),
    );
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    fireEvent.click(screen.getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText('Prix HT (€)');
    fireEvent.change(price, { target: { value: '15,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText("Vérifiez le champ signalé : sa valeur n'est pas acceptée.")).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(price));
    expect(within(dialog).getByRole('alert').textContent).toContain('La modification n’a pas été enregistrée.');
  });

  it('archives after a confirm (the row leaves the list), and does nothing when the confirm is refused', async () => {
    const { fetchMock } = openProducts(() => page([product(), product({ id: 6, name: 'VPS Windows M' })]));
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    const question = 'Archiver « VPS Linux S » ? Il ne sera plus proposé dans la boutique.';
    fireEvent.click(within(rowOf('VPS Linux S')).getByRole('button', { name: 'Archiver' }));
    await answerDialog(question, 'Annuler');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);

    fireEvent.click(within(rowOf('VPS Linux S')).getByRole('button', { name: 'Archiver' }));
    await answerDialog(question, 'Confirmer');
    expect((await screen.findByRole('status')).textContent).toContain('« VPS Linux S » est archivé.');
    const [patch] = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(bodyOf(patch![1])).toEqual({ is_active: false });
    expect(within(table()).queryByText('VPS Linux S')).toBeNull();
    expect(within(table()).getByText('VPS Windows M')).toBeTruthy();
  });

  it('restores an archived product from the « Archivés » list', async () => {
    const { fetchMock } = openProducts((url) => (queryOf(url).archived === 'true' ? page([product({ is_active: false })]) : page([])));
    expect(await screen.findByText('Aucun produit pour le moment.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Archivés' }));
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    expect(folded(rowOf('VPS Linux S').textContent)).toContain('Archivé');
    fireEvent.click(screen.getByRole('button', { name: 'Restaurer' }));
    await answerDialog('Remettre « VPS Linux S » en vente dans la boutique ?', 'Confirmer');
    expect((await screen.findByRole('status')).textContent).toContain('« VPS Linux S » est de nouveau en vente.');
    const [patch] = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(bodyOf(patch![1])).toEqual({ is_active: true });
  });

  it("'Charger plus' appears with a next page and adds the page after the last product shown", async () => {
    const { fetchMock } = openProducts((url) =>
      queryOf(url).after === '5' ? page([product({ id: 60, name: 'VPS Page Deux' })]) : page([product()], true),
    );
    await screen.findByRole('table', { name: 'Produits du catalogue' });
    fireEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    expect(await within(table()).findByText('VPS Page Deux')).toBeTruthy();
    expect(within(table()).getByText('VPS Linux S')).toBeTruthy();
    expect(queryOf(callsTo(fetchMock, LIST)[1]![0]).after).toBe('5');
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it('a failed list shows « Impossible de charger les produits. »; a manager has the page, support is refused', async () => {
    openProducts(() => json(500, { error: 'internal' }), 'manager');
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les produits.');
    cleanup();
    const { fetchMock } = openProducts(() => page([]), 'support');
    expect(await screen.findByText('Votre rôle ne donne pas accès à cette catégorie.')).toBeTruthy();
    expect(callsTo(fetchMock, LIST)).toHaveLength(0);
  });
});

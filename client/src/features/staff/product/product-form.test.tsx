// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { staffProductsApi } from '../../../../../shared/contract/staff-products';
import { answer } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { bodyOf, openDashboard, STAFF_TOKEN } from '../staff-test-kit';

const CATEGORIES = [
  {
    id: 4,
    name: 'Classique Linux',
    subcategories: [
      { id: 8, name: 'VPS SSD' },
      { id: 9, name: 'VPS NVMe' },
    ],
  },
  { id: 1, name: 'Autre', subcategories: [] },
];

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: 'Créer le produit' });
/** Sends the form and waits until its checks (and the call, if any) are over: the button reads 'Créer le produit' again. */
async function submit() {
  fireEvent.click(submitButton());
  await screen.findByRole('button', { name: 'Créer le produit' });
}

async function openForm(api?: (url: string) => Response | Promise<Response> | undefined) {
  const view = openDashboard('/fr/dashboard-admin/6', {
    api: (url) => (url === '/api/admin/categories' ? answer(staffProductsApi.categories, { categories: CATEGORIES }) : api?.(url)),
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Créer un nouveau produit' })).toBeTruthy();
  expect(await screen.findByRole('option', { name: 'Classique Linux' })).toBeTruthy();
  return view;
}

/** Category and subcategory chosen (the image follows the category). */
const place = () => {
  type(/^Catégorie(?!s| et)/, '4');
  type(/^Sous-catégorie/, '8');
};

// Typing every field of five cards in jsdom takes seconds on a busy machine: more than the default 5 s.
describe('product creation form (spec §2, §5 "Product form", §8)', { timeout: 20_000 }, () => {
  it('has the four cards with their fields and the spec defaults', async () => {
    await openForm();
    for (const name of ['Informations produit', 'Catégorie et image', 'Finances', 'Configuration OVH', 'Configuration du produit']) {
      expect(screen.getByRole('group', { name })).toBeTruthy();
    }
    for (const label of [/^Nom/, /^Slug/, /^Description/, /^Prix/, /^Region/, /^OS/, /^RAM/, /^Stockage/, /^Traffic/, /^Bande passante/])
      expect(field(label).value).toBe('');
    expect(field(/^Période de facturation/).value).toBe('1'); // monthly unless chosen (issue 34)
    expect(field(/^Support/).value).toBe('0');
    expect(field(/^Marge/).value).toBe('0');
    expect(field(/^TVA %/).value).toBe('21');
    expect(field(/^Devise/).value).toBe('EUR');
    expect(field(/^Cores/).value).toBe('0');
  });

  it('name and slug are required, then the price must be above 0; nothing is sent', async () => {
    const { fetchMock } = await openForm();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Le nom et le slug sont obligatoires.');
    expect(field(/^Nom/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(/^Nom/)); // the first field to correct
    type(/^Nom/, 'VPS Linux M');
    type(/^Slug/, 'vps-linux-m');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Le prix doit être supérieur à 0.');
    type(/^Prix/, '0');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Le prix doit être supérieur à 0.');
    expect(field(/^Prix/).getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, '/api/admin/create')).toHaveLength(0);
  });

  it('has a tab per language; an empty one says the French text shows, and the texts typed are sent by language (issue 34)', async () => {
    const { fetchMock } = await openForm((url) =>
      url === '/api/admin/create' ? answer(staffProductsApi.create, { productId: 78 }) : undefined,
    );
    const tab = (name: RegExp) => screen.getByRole('tab', { name });
    expect(tab(/^Français$/).getAttribute('aria-selected')).toBe('true');
    for (const name of [/^Néerlandais/, /^Anglais/, /^Polonais/]) expect(tab(name).textContent).toContain('texte français affiché');
    fireEvent.click(tab(/^Néerlandais/));
    expect(screen.getByRole('tabpanel', { name: /^Néerlandais/ })).toBeTruthy();
    type(/^Néerlandais — Nom/, 'VPS Linux M NL');
    type(/^Néerlandais — Description/, 'Een veelzijdige VPS.');
    expect(tab(/^Néerlandais/).textContent).not.toContain('texte français affiché');
    expect(tab(/^Anglais/).textContent).toContain('texte français affiché');
    type(/^Nom/, 'VPS Linux M');
    type(/^Slug/, 'vps-linux-m');
    type(/^Prix/, '12,99');
    type(/^Type de disque/, 'SSD');
    place();
    await submit();
    expect(bodyOf(callsTo(fetchMock, '/api/admin/create')[0]?.[1])).toMatchObject({
      name: 'VPS Linux M',
      translations: { nl: { name: 'VPS Linux M NL', description: 'Een veelzijdige VPS.' } },
      storage_type: 'SSD',
    });
  });

  it('sends the prices in cents with the staff token, then says « Produit créé avec succès ! ID: … » and clears the form', async () => {
    // The server answers once the busy button has been seen.
    let answerNow!: () => void;
    const answered = new Promise<void>((resolve) => (answerNow = resolve));
    const { fetchMock } = await openForm((url) =>
      url === '/api/admin/create' ? answered.then(() => answer(staffProductsApi.create, { productId: 77 })) : undefined,
    );
    type(/^Nom/, 'VPS Linux M');
    type(/^Slug/, 'vps-linux-m');
    type(/^Description/, 'Un VPS polyvalent.');
    type(/^Prix/, '12,99');
    type(/^Support/, '2.5');
    type(/^Marge/, '0,29');
    type(/^Region/, 'GRA');
    type(/^OS/, 'Ubuntu 24.04');
    type(/^RAM/, '8 Go');
    type(/^Cores/, '4');
    type(/^Stockage/, '160 Go');
    type(/^Traffic/, 'Illimité');
    type(/^Bande passante/, '1 Gbit/s');
    type(/^Période de facturation/, '12');
    type(/^Stock(?!age)/, '12');
    place();
    fireEvent.click(submitButton());
    expect(await screen.findByRole('button', { name: 'Création en cours...' })).toBeTruthy();
    expect(field(/^Nom/).disabled).toBe(true);
    answerNow();
    expect((await screen.findByRole('status')).textContent).toBe('Produit créé avec succès ! ID: 77');

    const [call] = callsTo(fetchMock, '/api/admin/create');
    expect(bearerOf(call?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
    expect(bodyOf(call?.[1])).toMatchObject({
      name: 'VPS Linux M',
      slug: 'vps-linux-m',
      description: 'Un VPS polyvalent.',
      price_cents: 1299,
      support_cents: 250,
      margin_cents: 29,
      tax_rate: 21,
      currency: 'EUR',
      region: 'GRA',
      os: 'Ubuntu 24.04',
      ram: '8 Go',
      cores: 4,
      storage: '160 Go',
      traffic: 'Illimité',
      bandwidth: '1 Gbit/s',
      billing_months: 12,
      stock: 12,
      category_id: 4,
      subcategory_id: 8,
      image: 'vps-linux',
    });
    expect(field(/^Nom/).value).toBe('');
    expect(field(/^Prix/).value).toBe('');
    expect(field(/^TVA %/).value).toBe('21');
    expect(field(/^Cores/).value).toBe('0');
  });

  it('without the staff token any more (logged out elsewhere) it says « Vous devez être connecté pour créer un produit. »', async () => {
    const { fetchMock } = await openForm();
    type(/^Nom/, 'VPS');
    type(/^Slug/, 'vps');
    type(/^Prix/, '5');
    place();
    localStorage.removeItem('adminToken');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Vous devez être connecté pour créer un produit.');
    expect(callsTo(fetchMock, '/api/admin/create')).toHaveLength(0);
  });

  it('asks for category, subcategory and image; « Sans sous-catégorie » only when chosen; the image can be another', async () => {
    const { fetchMock } = await openForm((url) =>
      url === '/api/admin/create' ? answer(staffProductsApi.create, { productId: 78 }) : undefined,
    );
    type(/^Nom/, 'Serveur divers');
    type(/^Slug/, 'serveur-divers');
    type(/^Prix/, '5');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Choisissez la catégorie, la sous-catégorie et l’image du produit.');
    expect(field(/^Catégorie(?!s| et)/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Sous-catégorie/).disabled).toBe(true); // nothing to choose before the category
    type(/^Catégorie(?!s| et)/, '1');
    const images = within(screen.getByRole('group', { name: 'Catégorie et image' })).getAllByRole('radio');
    expect(images.map((r) => (r as HTMLInputElement).checked)).toEqual([false, false, false, false, false, true]);
    await submit();
    expect(field(/^Sous-catégorie/).getAttribute('aria-invalid')).toBe('true');
    type(/^Sous-catégorie/, 'none');
    fireEvent.click(screen.getByRole('radio', { name: 'FiveM' }));
    await submit();
    expect((await screen.findByRole('status')).textContent).toBe('Produit créé avec succès ! ID: 78');
    expect(bodyOf(callsTo(fetchMock, '/api/admin/create')[0]?.[1])).toMatchObject({ category_id: 1, subcategory_id: null, image: 'fivem' });
  });

  it("a refused slug shows the French text, not the API's English message, and marks the slug; a crash says « Erreur serveur »", async () => {
    let status = 409;
    await openForm((url) =>
      url === '/api/admin/create'
        ? json(status, status === 409 ? { error: 'slug_taken', message: 'Slug already in use' } : { error: 'internal' })
        : undefined,
    );
    type(/^Nom/, 'VPS');
    type(/^Slug/, 'vps');
    type(/^Prix/, '5');
    place();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Ce slug est déjà utilisé par un autre produit.');
    await waitFor(() => expect(field(/^Slug/).getAttribute('aria-invalid')).toBe('true'));
    expect(field(/^Nom/).value).toBe('VPS'); // kept, to correct it
    status = 500;
    await submit();
    expect(await screen.findByText('Erreur serveur')).toBeTruthy();
  });

  it('a staff member whose field the server refuses reads the French text and sees the field marked, never « Some fields are invalid »', async () => {
    await openForm((url) =>
      url === '/api/admin/create'
        ? json(400, { error: 'validation_error', message: 'Some fields are invalid', fields: { price_cents: ['Too big'] } })
        : undefined,
    );
    type(/^Nom/, 'VPS');
    type(/^Slug/, 'vps');
    type(/^Prix/, '5');
    place();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe("Vérifiez le champ signalé : sa valeur n'est pas acceptée.");
    await waitFor(() => expect(field(/^Prix/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByText(/Some fields are invalid|Too big/)).toBeNull();
  });

  it('a refusal the form has no text for reads the French fallback, not the English message', async () => {
    await openForm((url) =>
      url === '/api/admin/create' ? json(422, { error: 'something_new', message: 'Unprocessable thing' }) : undefined,
    );
    type(/^Nom/, 'VPS');
    type(/^Slug/, 'vps');
    type(/^Prix/, '5');
    place();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Le serveur a refusé ce produit. Vérifiez le formulaire et réessayez.');
  });

  it('a slug the server refuses is marked invalid and takes the focus; the fields keep what was typed', async () => {
    await openForm((url) =>
      url === '/api/admin/create'
        ? json(400, { error: 'validation_error', message: 'Some fields are invalid', fields: { slug: ['Invalid'] } })
        : undefined,
    );
    type(/^Nom/, 'VPS');
    type(/^Slug/, 'vps');
    type(/^Prix/, '5');
    place();
    await submit();
    const slug = field(/^Slug/);
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(slug.getAttribute('aria-describedby')).toContain('product-form-outcome'); // the form's one message
    expect(field(/^Nom/).getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(slug));
    expect(slug.value).toBe('vps');
  });
});

// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogApi } from '../../../../shared/contract/catalog';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { Product } from '../../../../shared/schemas/product';
import { i18n, loadLanguage } from '../../app/i18n';
import { currentUrl } from '../../testing/render-route';
import { answer, isCallOf } from '../../testing/contract-mock';
import { json, mockFetch, networkDown } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { VAT_STATUS_PATH } from '../../app/checkout/use-vat-status';
import { ShopPage } from './shop-page';
import { apiProduct, catalogue } from './test-products';

// jsdom has <dialog> but not its modal methods: enough of them to open and close it.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function openShop(products: Product[] = catalogue, url = '/fr/boutique') {
  return openShopWith(() => answer(catalogApi.products, products), url);
}

function openShopWith(products: () => Response, url: string) {
  mockFetch((path, init) => (isCallOf(catalogApi.products, path, init) ? products() : json(404, {})));
  return renderPage(<ShopPage />, { path: 'boutique', url });
}

const page = () => document.querySelector('.shop');
const card = (name: string) => screen.getByRole('article', { name });
const storedCart = () => JSON.parse(localStorage.getItem('cart') ?? '[]') as { productId: number; qty: number }[];

describe('shop page (spec §2, §4)', () => {
  it('shows "Chargement…" while loading, then the welcome placeholder with every category and subcategory', async () => {
    openShop();
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    const welcome = await screen.findByRole('region', { name: 'Bienvenue dans la boutique' });
    expect(within(welcome).getByRole('link', { name: 'Minecraft' }).getAttribute('href')).toBe('/fr/boutique?category=Minecraft');
    const minecraftSubs = within(welcome).getByRole('list', { name: 'Sous-catégories de Minecraft' });
    expect(
      within(minecraftSubs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Vanilla', 'Moddé', 'Réseau']);
    expect(within(welcome).getByRole('link', { name: 'VPS Windows' })).toBeTruthy();
    // Category buttons come from the products; no subcategory buttons before a category is chosen.
    const categories = screen.getByRole('group', { name: 'Catégories' });
    expect(
      within(categories)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Toutes les catégories', 'Minecraft', 'Classique Windows']);
    expect(screen.queryByRole('group', { name: 'Sous-catégories' })).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
    expect(page()?.getAttribute('data-theme')).toBe('default');
  });

  it('the welcome section gives a product billed every 6 months its period, not "/ mois" (issue 34)', async () => {
    openShop(catalogue.map((p, i) => (i === 0 ? { ...p, ovh_duration: '6' } : p)));
    const welcome = await screen.findByRole('region', { name: 'Bienvenue dans la boutique' });
    const offer = within(welcome).getByText(catalogue[0]!.name).closest('li')!;
    expect(offer.textContent).toContain('/ 6 mois · HT');
    expect(offer.textContent).not.toContain('/ mois');
  });

  it('a category shows its subcategory buttons and products, keeps the choice in the query and themes the page', async () => {
    const { router } = openShop();
    fireEvent.click(await screen.findByRole('button', { name: 'Minecraft' }));
    expect(currentUrl(router)).toBe('/fr/boutique?category=Minecraft');
    const subs = screen.getByRole('group', { name: 'Sous-catégories' });
    expect(
      within(subs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Toutes', 'Vanilla', 'Moddé', 'Réseau']);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(page()?.getAttribute('data-theme')).toBe('minecraft');

    fireEvent.click(within(subs).getByRole('button', { name: 'Moddé' }));
    expect(currentUrl(router)).toBe('/fr/boutique?category=Minecraft&subcategory=Modd%C3%A9');
    expect(screen.getAllByRole('article').map((a) => a.querySelector('h3')?.textContent)).toEqual(['Minecraft Moddé 8 Go']);

    fireEvent.click(screen.getByRole('button', { name: 'Classique Windows' }));
    expect(currentUrl(router)).toBe('/fr/boutique?category=Classique+Windows');
    expect(page()?.getAttribute('data-theme')).toBe('windows');
  });

  it('an empty subcategory chosen in the URL shows "Aucun produit trouvé" with a note', async () => {
    openShop(catalogue, '/fr/boutique?category=Classique%20Windows&subcategory=Bureau%20%C3%A0%20distance');
    expect(await screen.findByText('Aucun produit trouvé')).toBeTruthy();
    expect(screen.getByText(/Cette sous-catégorie est vide pour le moment/)).toBeTruthy();
    const chosen = within(screen.getByRole('group', { name: 'Sous-catégories' })).getByRole('button', { name: 'Bureau à distance' });
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    expect(page()?.getAttribute('data-theme')).toBe('windows');
  });

  it('a failed load shows "Impossible de charger les produits" and can retry', async () => {
    let fail = true;
    mockFetch(() => (fail ? networkDown() : answer(catalogApi.products, catalogue)));
    renderPage(<ShopPage />, { path: 'boutique', url: '/fr/boutique' });
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les produits');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('region', { name: 'Bienvenue dans la boutique' })).toBeTruthy();
  });

  it('shows the three stock labels; at 0 the add button is disabled', async () => {
    openShop(catalogue, '/fr/boutique?category=Minecraft');
    expect(within(await screen.findByRole('article', { name: 'Minecraft Survie 2 Go' })).getByText('En stock ✅')).toBeTruthy();
    expect(within(card('Minecraft Moddé 8 Go')).getByText('Bientôt épuisé ⚠️')).toBeTruthy();
    expect(within(card('Minecraft Réseau 16 Go')).getByText('Indisponible ❌')).toBeTruthy();
    const add = (name: string) => within(card(name)).getByRole('button', { name: 'Ajouter au panier' }) as HTMLButtonElement;
    expect(add('Minecraft Survie 2 Go').disabled).toBe(false);
    expect(add('Minecraft Moddé 8 Go').disabled).toBe(false);
    expect(add('Minecraft Réseau 16 Go').disabled).toBe(true);
  });

  it('shows specs and the monthly price before tax (price + support + margin) in the page language', async () => {
    openShop(catalogue, '/fr/boutique?category=Minecraft&subcategory=Modd%C3%A9');
    const modded = await screen.findByRole('article', { name: 'Minecraft Moddé 8 Go' });
    expect(modded.textContent).toContain(formatMoney(1799, 'EUR', 'fr'));
    expect(modded.textContent).toContain('/ mois · HT');
    const specs = within(modded)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`);
    expect(specs).toEqual(['RAM=2 Go', 'Cœurs CPU=1', 'Stockage=20 Go SSD', 'Trafic=Illimité', 'Bande passante=250 Mbit/s']);
  });

  it('a product billed every 3 months says « / 3 mois » by its price (issue 34)', async () => {
    openShop([apiProduct({ ovh_duration: '3' })], '/fr/boutique?category=Minecraft');
    const product = await screen.findByRole('article', { name: 'Minecraft Survie 2 Go' });
    expect(product.textContent).toContain('/ 3 mois · HT');
    expect(product.textContent).not.toContain('/ mois');
  });

  it('reads config_products given as a JSON string, and drops a broken one without losing the product', async () => {
    // The wire form spec §3 allows (the contract's schema reads it), not the parsed one answer() types.
    openShopWith(
      () =>
        json(200, [
          { ...apiProduct({ id: 10, name: 'Texte JSON' }), config_products: '{"ram":"6 Go","cores":3}' },
          { ...apiProduct({ id: 11, name: 'Texte cassé' }), config_products: '{"ram": "6 Go"' },
        ]),
      '/fr/boutique?category=Minecraft',
    );
    const parsed = await screen.findByRole('article', { name: 'Texte JSON' });
    expect(
      within(parsed)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['6 Go', '3']);
    const broken = card('Texte cassé');
    expect(within(broken).queryByRole('term')).toBeNull();
    expect(within(broken).getByRole('button', { name: 'Ajouter au panier' })).toBeTruthy();
  });

  it('add -> confirmation dialog; adding another product replaces the cart; "Voir le panier" goes to the cart', async () => {
    const { router } = openShop(catalogue, '/fr/boutique?category=Minecraft');
    const cartLink = () => screen.getByRole('link', { name: /Panier \(\d\)/ });
    await screen.findByRole('article', { name: 'Minecraft Survie 2 Go' });
    expect(screen.getByRole('link', { name: 'Panier (0)' }).getAttribute('href')).toBe('/fr/Cart');

    const firstAdd = within(card('Minecraft Survie 2 Go')).getByRole('button', { name: 'Ajouter au panier' });
    firstAdd.focus();
    fireEvent.click(firstAdd);
    let dialog = screen.getByRole('dialog', { name: 'Ajouté au panier' });
    expect(dialog.textContent).toContain('« Minecraft Survie 2 Go » est dans votre panier.');
    expect(document.activeElement).toBe(within(dialog).getByRole('link', { name: 'Voir le panier' }));
    expect(storedCart()).toEqual([expect.objectContaining({ productId: 1, qty: 1 })]);
    expect(cartLink().textContent).toBe('Panier (1)');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuer mes achats' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(firstAdd);

    fireEvent.click(within(card('Minecraft Moddé 8 Go')).getByRole('button', { name: 'Ajouter au panier' }));
    expect(storedCart()).toEqual([
      {
        productId: 2,
        name: 'Minecraft Moddé 8 Go',
        price_cents: 1499,
        currency: 'EUR',
        qty: 1,
        image_url: null,
        config_products: JSON.stringify({ ram: '2 Go', cores: 1, storage: '20 Go SSD', traffic: 'Illimité', bandwidth: '250 Mbit/s' }),
        support_cents: 200,
        margin_cents: 100,
        tax_rate: 21,
        // Issue 34: what one payment buys, for the cart's "/ mois".
        billing_months: 1,
        // Issue 31: the delay the cart promises is the product's.
        delivery: 'manual',
      },
    ]);
    expect(cartLink().textContent).toBe('Panier (1)');

    dialog = screen.getByRole('dialog', { name: 'Ajouté au panier' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('link', { name: 'Voir le panier' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/Cart'));
  });

  it('speaks the page language (nl) for texts and prices', async () => {
    openShop(catalogue, '/nl/boutique?category=Minecraft&subcategory=Vanilla');
    await loadLanguage('nl');
    await act(async () => {
      await i18n.changeLanguage('nl');
    });
    const vanilla = await screen.findByRole('article', { name: 'Minecraft Survie 2 Go' });
    expect(within(vanilla).getByText('Op voorraad ✅')).toBeTruthy();
    expect(vanilla.textContent).toContain(formatMoney(399, 'EUR', 'nl'));
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
  });

  it('shows the price before tax with support and margin, and with tax at the customer’s own VAT (issue 17)', async () => {
    const business = { ...demoUser, userType: 'business' as const, country: 'FR' };
    storeDemoSession(business);
    const priced = apiProduct({ id: 9, name: 'Minecraft Pro', price_cents: 799, support_cents: 50, margin_cents: 50 });
    mockFetch((path, init) => {
      if (isCallOf(catalogApi.products, path, init)) return answer(catalogApi.products, [priced]);
      if (path === '/api/auth/me') return json(200, { user: business });
      if (path === VAT_STATUS_PATH)
        return json(200, {
          scheme: 'reverse_charge',
          category: 'AE',
          taxRate: 0,
          taxCountry: null,
          check: 'valid',
          vatNumber: 'FR12345678901',
        });
      return json(404, {});
    });
    renderPage(<ShopPage />, { path: 'boutique', url: '/fr/boutique?category=Minecraft' });
    const article = await screen.findByRole('article', { name: 'Minecraft Pro' });
    expect(article.querySelector('.product-card__amount')?.textContent).toBe(formatMoney(899, 'EUR', 'fr'));
    // Reverse charge: no VAT, so the price with tax is the price before tax (not 10,88 € at 21 %).
    await waitFor(() => expect(article.querySelector('.price-incl')?.textContent).toBe(`soit ${formatMoney(899, 'EUR', 'fr')} TTC`));
  });
});

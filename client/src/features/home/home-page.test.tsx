// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { catalogApi } from '../../../../shared/contract/catalog';
import type { Product } from '../../../../shared/schemas/product';
import type { PublicReview } from '../../../../shared/schemas/ratings';
import { ratingsApi } from '../../../../shared/contract/ratings';
import { supportLanguagesApi } from '../../../../shared/contract/support-languages';
import type { Language } from '../../../../shared/i18n/languages';
import { answer, isCallOf } from '../../testing/contract-mock';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { HomePage } from './home-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const product = (id: number, category: string, price_cents: number, extra: Partial<Product> = {}): Product => ({
  id,
  slug: `p-${id}`,
  name: `Produit ${id}`,
  description: '',
  price_cents,
  support_cents: 0,
  margin_cents: 0,
  tax_rate: 21,
  currency: 'EUR',
  image_url: null,
  stock: 10,
  category_name: category,
  subcategory_name: 'Vanilla',
  category_key: category,
  subcategory_key: 'Vanilla',
  storage_type: 'SSD',
  config_products: {},
  ovh_duration: '1',
  ovh_pricing_mode: 'monthly',
  delivery: 'manual',
  service_kind: 'vps',
  os_choices: [],
  variants: [],
  ...extra,
});

const REVIEW: PublicReview = {
  id: 5,
  author: 'Lucas M.',
  rating: 5,
  comment: 'Serveur livré, support réactif.',
  language: 'fr',
  createdAt: '2026-11-20T09:00:00.000Z',
  verified: true,
};

function setup(catalogue: Product[] | null = null, reviews: PublicReview[] = [], supportLanguages: Language[] = ['fr']) {
  mockFetch((url, init) => {
    if (catalogue && isCallOf(catalogApi.products, url, init)) return answer(catalogApi.products, catalogue);
    if (isCallOf(supportLanguagesApi.get, url, init)) return answer(supportLanguagesApi.get, { languages: supportLanguages });
    if (isCallOf(ratingsApi.reviews, url, init)) return answer(ratingsApi.reviews, { reviews, limit: 6, next: null, hasMore: false });
    return isCallOf(ratingsApi.average, url, init)
      ? answer(ratingsApi.average, { average: 4.7, count: 31, userRating: null })
      : json(404, {});
  });
  return renderPage(<HomePage />, { path: 'accueil', url: '/fr/accueil' });
}

describe('home page (spec §2, §9)', () => {
  it('says the support languages of the setting, and NVMe on every offer only when every offer is NVMe (issue 34)', async () => {
    setup([product(1, 'Minecraft', 399, { storage_type: 'NVMe' }), product(2, 'Fivem', 999, { storage_type: 'SSD' })], [], ['fr', 'en']);
    expect(await screen.findByText(/une équipe qui vous répond en français et anglais\./)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Stockage SSD et NVMe' })).toBeTruthy();
    expect(screen.queryByText(/NVMe sur chaque offre/)).toBeNull();
    cleanup();

    setup([product(1, 'Minecraft', 399, { storage_type: 'NVMe' }), product(2, 'Fivem', 999, { storage_type: 'NVMe' })]);
    expect(
      await screen.findByText('Des disques NVMe sur chaque offre pour des démarrages rapides et des parties sans latence.'),
    ).toBeTruthy();
    expect(screen.getByText(/une équipe qui vous répond en français\./)).toBeTruthy();
  });

  it('keeps the hero title, six features and the ratings block; no quote while no customer review is published', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vos serveurs hébergés en Europe, sans compromis.');
    const features = screen.getByRole('heading', { level: 2, name: 'Pourquoi choisir HubHost\u00a0?' }).nextElementSibling;
    expect(features?.querySelectorAll('li')).toHaveLength(6);
    expect(await screen.findByText('4,7')).toBeTruthy();
    expect(screen.getByText('Nombre de votes : 31')).toBeTruthy();
    // Issue 17: no invented customers; nothing stands in for reviews until real ones are approved.
    await act(async () => undefined);
    expect(screen.queryAllByRole('blockquote')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Avis publiés' })).toBeNull();
  });

  it('shows the published customer reviews with "client vérifié"', async () => {
    setup(null, [REVIEW]);
    const list = await screen.findByRole('heading', { level: 3, name: 'Avis publiés' });
    const quote = list.parentElement!.querySelector('blockquote')!;
    expect(quote.textContent).toBe('Serveur livré, support réactif.');
    expect(screen.getByText('Lucas M.')).toBeTruthy();
    expect(screen.getByText('client vérifié')).toBeTruthy();
  });

  it('"from" is the cheapest price a customer pays in the live catalogue, and is left out without it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup([
      product(1, 'Minecraft', 300, { support_cents: 150, margin_cents: 100 }), // pays 5,50
      product(2, 'Classique Linux', 399), // pays 3,99
    ]);
    expect(await screen.findByText(/Offres à partir de 3,99\s€ HT par mois\./)).toBeTruthy();
    cleanup();
    setup();
    await act(async () => undefined);
    expect(screen.queryByText(/à partir de/)).toBeNull();
  });

  it('the FAQ has seven questions; each button toggles its own answer, several can be open', async () => {
    setup();
    const questions = screen.getAllByRole('button', { expanded: false }).filter((b) => b.className === 'faq__toggle');
    expect(questions).toHaveLength(7);

    const [first, second] = questions as [HTMLElement, HTMLElement];
    const firstPanel = document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(firstPanel.hidden).toBe(true);
    expect(firstPanel.getAttribute('aria-labelledby')).toBe(first.id);

    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(firstPanel.hidden).toBe(false);
    expect(screen.getByRole('region', { name: 'En combien de temps mon serveur est-il prêt\u00a0?' })).toBe(firstPanel);

    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(second.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(firstPanel.hidden).toBe(true);
    expect(second.getAttribute('aria-expanded')).toBe('true');
  });

  it('fades its content in after 300 ms, with a CSS animation that runs however the page was rendered', () => {
    const { container } = setup();
    const faded = container.querySelectorAll('.fade-in');
    expect(faded.length).toBeGreaterThan(0);
    expect(container.querySelectorAll('.fade-in--after-300ms')).toHaveLength(faded.length);
  });
});

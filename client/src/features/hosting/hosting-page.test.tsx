// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { catalogApi } from '../../../../shared/contract/catalog';
import { ratingsApi } from '../../../../shared/contract/ratings';
import { answer, isCallOf } from '../../testing/contract-mock';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { HostingPage } from './hosting-page';
import { product } from './test-offers';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// Two categories: five Minecraft (3 kept) and two Linux, so five cards in the carousel.
const CATALOGUE = [
  product(1, 'Minecraft', 399, { name: 'Minecraft 2 Go' }),
  product(2, 'Minecraft', 799, { name: 'Minecraft 4 Go', support_cents: 50, margin_cents: 50 }),
  product(3, 'Minecraft', 1599, { name: 'Minecraft 8 Go' }),
  product(4, 'Minecraft', 2999, { name: 'Minecraft 16 Go' }),
  product(5, 'Minecraft', 4999, { name: 'Minecraft 32 Go' }),
  product(6, 'Classique Linux', 900, { name: 'VPS NVMe Pro' }),
  product(7, 'Classique Linux', 590, { name: 'VPS SSD Starter' }),
];

// The spec's tiers, real products named so (Premium sold out).
const TIERS = [
  product(8, 'Classique Linux', 500, { name: 'VPS Basic', slug: 'vps-basic' }),
  product(9, 'Classique Linux', 800, { name: 'VPS Standard', slug: 'vps-standard', support_cents: 200 }),
  product(10, 'Classique Linux', 1800, { name: 'VPS Premium', slug: 'vps-premium', margin_cents: 200, stock: 0, storage_type: 'NVMe' }),
];

function setup(products: () => Response | Promise<Response> = () => answer(catalogApi.products, CATALOGUE)) {
  const fetchMock = mockFetch((url, init) => {
    if (isCallOf(catalogApi.products, url, init)) return products();
    if (isCallOf(ratingsApi.average, url, init)) return answer(ratingsApi.average, { average: 4.5, count: 12, userRating: null });
    if (isCallOf(ratingsApi.reviews, url, init))
      return answer(ratingsApi.reviews, {
        reviews: [
          {
            id: 3,
            author: 'Sophie L.',
            rating: 4,
            comment: 'Support rapide.',
            language: 'fr',
            createdAt: '2026-11-20T09:00:00.000Z',
            verified: true,
          },
        ],
        limit: 6,
        next: null,
        hasMore: false,
      });
    return json(404, { error: 'not_found' });
  });
  const view = renderPage(<HostingPage />, { path: 'Hosting', url: '/fr/Hosting' });
  return { fetchMock, ...view };
}

const shownNames = () =>
  within(screen.getByRole('group', { name: "Offres d'hébergement" }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

const click = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));

describe('hosting page (spec §2, §8, §9)', () => {
  it('shows 3 cards of the 3 cheapest per category, with specs, monthly price and a shop link', async () => {
    setup();
    await screen.findByRole('group', { name: "Offres d'hébergement" });
    expect(shownNames()).toEqual(['Minecraft 2 Go', 'Minecraft 4 Go', 'Minecraft 8 Go']);
    expect(screen.getByText('Offres 1, 2, 3 sur 5')).toBeTruthy();
    const first = screen.getByRole('article', { name: 'Minecraft 2 Go' });
    expect(within(first).getByText('3,99 €')).toBeTruthy();
    expect(within(first).getByText('/ mois · HT')).toBeTruthy();
    expect(within(first).getByText('soit 4,83 € TTC')).toBeTruthy();
    // Issue 17: the price the shop and the cart charge (base + support + margin), not the base alone.
    expect(within(screen.getByRole('article', { name: 'Minecraft 4 Go' })).getByText('8,99 €')).toBeTruthy();
    expect(within(first).getByText('4 Go')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Voir les offres Minecraft' }).getAttribute('href')).toBe(
      '/fr/boutique?category=Minecraft',
    );
  });

  it('next and previous move by one and wrap around both ways', async () => {
    setup();
    await screen.findByRole('group', { name: "Offres d'hébergement" });
    await click('Offre précédente');
    expect(shownNames()).toEqual(['VPS NVMe Pro', 'Minecraft 2 Go', 'Minecraft 4 Go']);
    expect(screen.getByText('Offres 5, 1, 2 sur 5')).toBeTruthy();
    await click('Offre suivante');
    await click('Offre suivante');
    await click('Offre suivante');
    expect(shownNames()).toEqual(['Minecraft 8 Go', 'VPS SSD Starter', 'VPS NVMe Pro']);
    const linux = screen.getByRole('article', { name: 'VPS SSD Starter' });
    expect(within(linux).getByRole('link').getAttribute('href')).toBe('/fr/boutique?category=Classique%20Linux');
    await click('Offre suivante');
    await click('Offre suivante');
    expect(shownNames()).toEqual(['VPS NVMe Pro', 'Minecraft 2 Go', 'Minecraft 4 Go']);
  });

  it('a failed products load is only logged and the carousel is left out', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(() => json(500, { error: 'internal' }));
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('group', { name: "Offres d'hébergement" })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Les meilleurs prix de chaque catégorie' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // The rest of the page stands.
    expect(screen.getByRole('heading', { level: 1, name: 'Hébergement' })).toBeTruthy();
    // The tiers are real products: without the catalogue, no invented prices.
    expect(screen.queryByRole('heading', { name: 'Trois formules pour démarrer' })).toBeNull();
  });

  it('the Basic, Standard and Premium tiers are the products named so, at their customer price and with their stock', async () => {
    setup(() => answer(catalogApi.products, [...CATALOGUE, ...TIERS]));
    const heading = await screen.findByRole('heading', { name: 'Trois formules pour démarrer' });
    const section = heading.closest('section')!;
    expect(within(section).getByText(/Basic à 5,00\s€, Standard à 10,00\s€ et Premium à 20,00\s€ par mois HT/)).toBeTruthy();
    const links = within(section)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['VPS Basic', 'VPS Standard', 'VPS Premium']);
    const premium = within(section).getByText('VPS Premium').closest('li')!;
    expect(within(premium).getByText('Indisponible ❌')).toBeTruthy();
  });

  it('a product billed every 3 months says so on its offer card and its tier, never "/ mois" (issue 34)', async () => {
    const quarterly = { ovh_duration: '3' };
    const catalogue = CATALOGUE.map((p) => (p.name === 'Minecraft 2 Go' ? { ...p, ...quarterly } : p));
    const tiers = TIERS.map((p) => (p.slug === 'vps-standard' ? { ...p, ...quarterly } : p));
    setup(() => answer(catalogApi.products, [...catalogue, ...tiers]));
    const offer = await screen.findByRole('article', { name: 'Minecraft 2 Go' });
    expect(within(offer).getByText('/ 3 mois · HT')).toBeTruthy();
    const section = screen.getByRole('heading', { name: 'Trois formules pour démarrer' }).closest('section')!;
    expect(within(within(section).getByText('VPS Standard').closest('li')!).getByText('/ 3 mois · HT')).toBeTruthy();
    expect(within(within(section).getByText('VPS Basic').closest('li')!).getByText('/ mois · HT')).toBeTruthy();
  });

  it('shows no tier while one of the three products is missing: the text names all three prices', async () => {
    setup(() => answer(catalogApi.products, [...CATALOGUE, ...TIERS.filter((p) => p.slug !== 'vps-standard')]));
    await screen.findByRole('group', { name: "Offres d'hébergement" });
    expect(screen.queryByRole('heading', { name: 'Trois formules pour démarrer' })).toBeNull();
  });

  it('has the four features, the ratings section with the published reviews and links to Hosting-Home and contact', async () => {
    setup();
    for (const title of ['Performance', 'Sécurité', 'Disponibilité', 'Panel client']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeTruthy();
    }
    expect(await screen.findByText('4,5')).toBeTruthy();
    expect(await screen.findByText('Support rapide.')).toBeTruthy();
    expect(screen.getByText('Sophie L.')).toBeTruthy();
    expect(screen.getByText('client vérifié')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir les hébergements' }).getAttribute('href')).toBe('/fr/Hosting-Home');
    expect(screen.getByRole('link', { name: 'Nous contacter' }).getAttribute('href')).toBe('/fr/contact');
  });

  it('fades its content in after 200 ms, with a CSS animation that runs however the page was rendered', () => {
    const { container } = setup();
    const faded = container.querySelectorAll('.fade-in');
    expect(faded.length).toBeGreaterThan(0);
    expect(container.querySelectorAll('.fade-in--after-200ms')).toHaveLength(faded.length);
  });
});

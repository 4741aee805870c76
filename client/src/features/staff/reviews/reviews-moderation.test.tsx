// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { staffReviewsApi } from '../../../../../shared/contract/staff-reviews';
import type { StaffReviewDto } from '../../../../../shared/schemas/ratings';
import { answer } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { openDashboard, STAFF_TOKEN } from '../staff-test-kit';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const review = (overrides: Partial<StaffReviewDto> = {}): StaffReviewDto => ({
  id: 31,
  userId: 7,
  author: 'Lucas Martin',
  email: 'lucas@example.test',
  publicName: 'Lucas M.',
  rating: 4,
  comment: 'Serveur livré et support réactif.',
  status: 'pending',
  verified: true,
  createdAt: '2026-11-20T09:00:00.000Z',
  moderatedAt: null,
  moderatedBy: null,
  ...overrides,
});

const page = (reviews: StaffReviewDto[]) => answer(staffReviewsApi.list, { reviews, limit: 50, next: null, hasMore: false });

async function openReviews(api: (url: string) => Response | undefined) {
  const view = openDashboard('/fr/dashboard-admin/1', {
    role: 'support',
    isOnline: false,
    api: (url) => (url === '/api/admin/support-tickets' ? json(200, { tickets: [], limit: 100, next: null }) : api(url)),
  });
  fireEvent.click(await screen.findByRole('tab', { name: 'Avis clients' }));
  return view;
}

describe('Support > Avis clients (issue 17: comments published only once staff approve them)', () => {
  it('lists the waiting comments with the customer, how the public would see them, and "client vérifié"', async () => {
    const { fetchMock } = await openReviews((url) => (url === '/api/admin/reviews?status=pending' ? page([review()]) : undefined));
    const table = await screen.findByRole('table', { name: 'Commentaires des clients' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Lucas Martin');
    expect(row.textContent).toContain('Affiché : « Lucas M. »');
    expect(row.textContent).toContain('client vérifié');
    expect(row.textContent).toContain('Serveur livré et support réactif.');
    expect(row.textContent).toContain('En attente');
    expect(bearerOf(callsTo(fetchMock, '/api/admin/reviews')[0]?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
  });

  it('"Publier" sends the decision; the row leaves the waiting list and a message says so', async () => {
    const { fetchMock } = await openReviews((url) => {
      if (url === '/api/admin/reviews?status=pending') return page([review()]);
      if (url === '/api/admin/reviews/31/approve')
        return answer(staffReviewsApi.approve, {
          review: review({ status: 'approved', moderatedBy: 'Alex Martin', moderatedAt: '2026-11-20T10:00:00.000Z' }),
        });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Publier' }));
    expect((await screen.findByText('Avis de Lucas M. publié.')).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('Aucun avis en attente de modération.')).toBeTruthy();
    const [, init] = callsTo(fetchMock, '/api/admin/reviews/31/approve')[0]!;
    expect(init?.method).toBe('POST');
  });

  it('a failed decision keeps the row and says it was not saved', async () => {
    await openReviews((url) => {
      if (url === '/api/admin/reviews?status=pending') return page([review()]);
      if (url === '/api/admin/reviews/31/reject') return json(500, { error: 'internal' });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refuser' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Impossible d'enregistrer la décision. Réessayez.");
    expect(screen.getByRole('button', { name: 'Refuser' })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { PublicReview } from '../../../../shared/schemas/ratings';
import { renderPage } from '../../testing/render-page';
import { ReviewsList } from './reviews-list';

afterEach(cleanup);

const review = (overrides: Partial<PublicReview> = {}): PublicReview => ({
  id: 1,
  author: 'Lucas M.',
  rating: 5,
  comment: 'Serveur livré, support réactif.',
  language: 'fr',
  createdAt: '2026-11-20T09:00:00.000Z',
  verified: true,
  ...overrides,
});

describe('published reviews (issue 17)', () => {
  it('says the language a review was written in when it is not the page’s (issue 34)', () => {
    renderPage(<ReviewsList reviews={[review(), review({ id: 2, comment: 'Snelle support.', language: 'nl' })]} />, {
      path: 'x',
      url: '/fr/x',
    });
    const [french, dutch] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(dutch!.textContent).toContain('Écrit en néerlandais');
    expect(dutch!.querySelector('blockquote')?.getAttribute('lang')).toBe('nl');
    expect(french!.textContent).not.toContain('Écrit en');
  });

  it('each shows the name as sent, the stars, the comment, the date, and "client vérifié" only for a buyer', () => {
    renderPage(<ReviewsList reviews={[review(), review({ id: 2, author: 'Sophie L.', rating: 3, verified: false })]} />, {
      path: 'x',
      url: '/fr/x',
    });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Lucas M.');
    expect(within(items[0]!).getByRole('img', { name: 'Note : 5 sur 5' })).toBeTruthy();
    expect(within(items[0]!).getByText('client vérifié')).toBeTruthy();
    expect(items[0]!.querySelector('time')?.textContent).toBe('20 novembre 2026');
    expect(within(items[1]!).queryByText('client vérifié')).toBeNull();
  });

  it('shows nothing at all when there are none: no heading, no placeholder people', () => {
    renderPage(<ReviewsList reviews={[]} />, { path: 'x', url: '/fr/x' });
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('blockquote')).toBeNull();
  });
});

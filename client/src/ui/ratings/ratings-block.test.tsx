// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import { ratingsApi } from '../../../../shared/contract/ratings';
import { answer, isCallOf } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { RatingsBlock } from './ratings-block';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Answer = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function setup({ average, submit, loggedIn }: { average: Answer; submit?: Answer; loggedIn: boolean }) {
  if (loggedIn) storeDemoSession();
  const fetchMock = mockFetch((url, init) => {
    if (isCallOf(authApi.me, url, init)) return answer(authApi.me, { user: demoUser });
    if (isCallOf(ratingsApi.average, url, init)) return average(url, init);
    if (isCallOf(ratingsApi.rate, url, init) && submit) return submit(url, init);
    return json(404, { error: 'not_found' });
  });
  renderPage(<RatingsBlock />, { path: 'rate', url: '/fr/rate' });
  return fetchMock;
}

const summary =
  (average: number, count: number, userRating: number | null = null) =>
  () =>
    answer(ratingsApi.average, { average, count, userRating });

/** A submit the test expects never to happen; answered validly, so only the call count can fail. */
const notSent = () => answer(ratingsApi.rate, { average: 4, count: 3, userRating: 4 });

async function rateAndSend(stars: number | null) {
  if (stars !== null) fireEvent.click(await screen.findByRole('radio', { name: `${stars} sur 5` }));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma note' }));
  });
}

describe('ratings block (spec §2, §4, §5, §8)', () => {
  it('shows the average with one decimal out of 5 and the vote count to a visitor', async () => {
    const fetchMock = setup({ average: summary(4.26, 8), loggedIn: false });
    expect(await screen.findByText('4,3')).toBeTruthy();
    expect(screen.getByText('/ 5')).toBeTruthy();
    expect(screen.getByText('Nombre de votes : 8')).toBeTruthy();
    const [url, init] = callsTo(fetchMock, '/api/ratings/average')[0]!;
    expect(url).toBe('/api/ratings/average'); // no userId without a session
    expect(bearerOf(init)).toBeUndefined();
  });

  it('a visitor who rates gets the must-log-in alert, and nothing is sent', async () => {
    const fetchMock = setup({ average: summary(4, 2), submit: notSent, loggedIn: false });
    await rateAndSend(4);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Vous devez être connecté pour noter le service.');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/fr/login');
    expect(callsTo(fetchMock, '/api/ratings').filter(([url]) => url === '/api/ratings')).toHaveLength(0);
  });

  it('a logged-in customer sees the 1-5 star radio group; submitting shows the thank-you and the new average and count', async () => {
    const fetchMock = setup({
      average: summary(4, 8),
      submit: () => answer(ratingsApi.rate, { average: 4.111, count: 9, userRating: 5 }),
      loggedIn: true,
    });
    const group = await screen.findByRole('group', { name: 'Votre note' });
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(5);
    const [averageUrl, averageInit] = callsTo(fetchMock, '/api/ratings/average')[0]!;
    expect(averageUrl).toBe(`/api/ratings/average?userId=${demoUser.id}`);
    expect(bearerOf(averageInit)).toBe('Bearer stored-token');

    await rateAndSend(5);

    const thanks = await screen.findByRole('status');
    expect(thanks.textContent).toContain('Merci pour votre avis\u00a0!');
    expect(thanks.textContent).toContain('5 sur 5');
    expect(document.activeElement).toBe(thanks);
    expect(screen.queryByRole('group', { name: 'Votre note' })).toBeNull();
    expect(screen.getByText('4,1')).toBeTruthy();
    expect(screen.getByText('Nombre de votes : 9')).toBeTruthy();
    const [, postInit] = callsTo(fetchMock, '/api/ratings').filter(([url]) => url === '/api/ratings')[0]!;
    expect(JSON.parse(String(postInit?.body))).toEqual({ userId: demoUser.id, rating: 5 });
    expect(bearerOf(postInit)).toBe('Bearer stored-token');
  });

  it('an optional comment goes with the rating, trimmed; the thank-you says it is published after moderation', async () => {
    const fetchMock = setup({
      average: summary(4, 8),
      submit: () => answer(ratingsApi.rate, { average: 4.2, count: 9, userRating: 5 }),
      loggedIn: true,
    });
    const box = await screen.findByRole('textbox', { name: 'Votre commentaire (facultatif)' });
    expect(box.getAttribute('maxlength')).toBe('500');
    expect(screen.getByText(/Publié après vérification par notre équipe/)).toBeTruthy();
    fireEvent.change(box, { target: { value: '  Support rapide.  ' } });
    await rateAndSend(5);
    const thanks = await screen.findByRole('status');
    expect(thanks.textContent).toContain('Votre commentaire sera publié après vérification par notre équipe.');
    const [, postInit] = callsTo(fetchMock, '/api/ratings').filter(([url]) => url === '/api/ratings')[0]!;
    // The comment keeps the page's language (issue 34).
    expect(JSON.parse(String(postInit?.body))).toEqual({ userId: demoUser.id, rating: 5, comment: 'Support rapide.', language: 'fr' });
  });

  it('a customer who already rated sees the thank-you instead of the form', async () => {
    setup({ average: summary(3.5, 4, 3), loggedIn: true });
    const thanks = await screen.findByRole('status');
    expect(thanks.textContent).toContain('3 sur 5');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('a rating below 1 (no star chosen) is silently not submitted', async () => {
    const fetchMock = setup({ average: summary(4, 2), submit: notSent, loggedIn: true });
    await screen.findByRole('group', { name: 'Votre note' });
    await rateAndSend(null);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(fetchMock, '/api/ratings').filter(([url]) => url === '/api/ratings')).toHaveLength(0);
  });

  it('a failed load is logged and shows 0 and 0', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup({ average: () => json(500, { error: 'internal' }), loggedIn: false });
    expect(await screen.findByText('0,0')).toBeTruthy();
    expect(screen.getByText('Nombre de votes : 0')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('a failed submit raises the home.testimonials.error alert and keeps the form', async () => {
    setup({ average: summary(4, 2), submit: () => json(500, { error: 'internal' }), loggedIn: true });
    await rateAndSend(3);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Une erreur est survenue lors de l'envoi de votre note. Veuillez réessayer.",
    );
    expect(screen.getByRole('group', { name: 'Votre note' })).toBeTruthy();
  });

  it('409 already_rated: the vote exists, so the thank-you shows', async () => {
    let rated = false;
    setup({
      average: () => answer(ratingsApi.average, { average: 4, count: 3, userRating: rated ? 2 : null }),
      submit: () => {
        rated = true;
        return json(409, { error: 'already_rated' });
      },
      loggedIn: true,
    });
    await rateAndSend(4);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('2 sur 5'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

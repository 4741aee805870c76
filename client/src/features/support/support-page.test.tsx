// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { CustomerTicket } from '../../../../shared/schemas/support';
import { authApi } from '../../../../shared/contract/auth';
import { ticketsApi } from '../../../../shared/contract/tickets';
import { answer } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch, networkDown } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { SupportPage } from './support-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const ticket = (overrides: Partial<CustomerTicket> = {}): CustomerTicket => ({
  id: 3,
  subject: 'Connexion SSH refusée',
  message: 'Bonjour, je n’arrive pas à me connecter en SSH.',
  status: 'in_progress',
  createdAt: '2026-11-20T09:30:00.000Z',
  replies: [],
  ...overrides,
});

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** A logged-in customer on /fr/Support; `tickets` answers the list and the new ticket. */
function renderLoggedIn(tickets: Handler) {
  storeDemoSession();
  const fetchMock = mockFetch((url, init) => (url === '/api/auth/me' ? answer(authApi.me, { user: demoUser }) : tickets(url, init)));
  const view = renderPage(<SupportPage />, { path: 'Support', url: '/fr/Support' });
  return { fetchMock, ...view };
}

const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

async function fillAndSubmit(subject: string, message: string) {
  fireEvent.change(screen.getByLabelText(/^Sujet/), { target: { value: subject } });
  fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: message } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le ticket' }));
  });
}

describe('Support page (DESIGN.md §3)', () => {
  it('logged out: a short text and a login link that brings the visitor back here', async () => {
    const fetchMock = mockFetch(() => json(500, {}));
    const { router } = renderPage(<SupportPage />, { path: 'Support', url: '/fr/Support' });
    expect(screen.getByRole('heading', { level: 1, name: 'Support' })).toBeTruthy();
    expect(screen.getByText('Connectez-vous pour suivre vos tickets et en ouvrir un nouveau.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Écrivez-nous via le formulaire de contact' }).getAttribute('href')).toBe('/fr/contact');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Se connecter' }));
    });
    expect(router.state.location.pathname).toBe('/fr/login');
    expect(router.state.location.state).toEqual({ fromInside: true, from: '/fr/Support' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logged in: the user’s tickets with subject, status label, number, date and message excerpt', async () => {
    const long = 'Lorem ipsum dolor sit amet. '.repeat(20);
    const { fetchMock } = renderLoggedIn(() =>
      answer(ticketsApi.list, { tickets: [ticket(), ticket({ id: 1, subject: 'Facture', status: 'closed', message: long })], next: null }),
    );
    expect(screen.getByText('Chargement des tickets…')).toBeTruthy();
    await flush();
    const list = screen.getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Connexion SSH refusée', 'Facture']);
    expect(within(items[0]!).getByText('En cours')).toBeTruthy();
    expect(within(items[0]!).getByText(/^Ticket n°3/)).toBeTruthy();
    expect(within(items[0]!).getByText(/^Ouvert le .*2026/)).toBeTruthy();
    expect(within(items[1]!).getByText('Fermé')).toBeTruthy();
    const excerpt = items[1]!.querySelector('.ticket__excerpt')?.textContent ?? '';
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThan(long.length);
    expect(bearerOf(callsTo(fetchMock, '/api/tickets')[0]?.[1])).toBe('Bearer stored-token');
    expect(screen.getByText(`Nous vous répondrons à l’adresse ${demoUser.email}.`)).toBeTruthy();
  });

  it('staff answers show under their ticket, oldest first, with the agent’s first name (or the team) and the date', async () => {
    const answered = ticket({
      id: 5,
      subject: 'Facture',
      status: 'answered',
      replies: [
        { id: 1, author: 'Julie', message: 'Bonjour, la facture est dans votre espace.', createdAt: '2026-11-20T10:00:00.000Z' },
        { id: 2, author: null, message: 'Un complément :\nle paiement est bien reçu.', createdAt: '2026-11-20T11:00:00.000Z' },
      ],
    });
    renderLoggedIn(() => answer(ticketsApi.list, { tickets: [answered, ticket()], next: null }));
    await flush();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Répondu')).toBeTruthy();
    const replies = within(within(items[0]!).getByRole('region', { name: 'Réponses du support' })).getAllByRole('article');
    expect(replies.map((r) => r.querySelector('.ticket-reply__author')?.textContent)).toEqual([
      'Julie · équipe support',
      'L’équipe support',
    ]);
    expect(replies[0]!.querySelector('.ticket-reply__message')?.textContent).toBe('Bonjour, la facture est dans votre espace.');
    expect(replies[1]!.querySelector('.ticket-reply__message')?.textContent).toBe('Un complément :\nle paiement est bien reçu.');
    expect(
      within(replies[0]!)
        .getByText(/^le .*2026/)
        .getAttribute('dateTime'),
    ).toBe('2026-11-20T10:00:00.000Z');
    // The unanswered ticket has no answers block, only the waiting line.
    expect(within(items[1]!).queryByRole('region')).toBeNull();
    expect(within(items[1]!).getByText('En attente de réponse de notre équipe.')).toBeTruthy();
  });

  it('logged in without tickets: the empty text', async () => {
    renderLoggedIn(() => answer(ticketsApi.list, { tickets: [], next: null }));
    await flush();
    expect(screen.getByText('Aucun ticket pour le moment.')).toBeTruthy();
  });

  it('a failed load says so and can be retried', async () => {
    let fail = true;
    renderLoggedIn(() => (fail ? json(500, { error: 'internal_error' }) : answer(ticketsApi.list, { tickets: [ticket()], next: null })));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Impossible de récupérer les tickets.');
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    });
    await flush();
    expect(screen.getByText('Connexion SSH refusée')).toBeTruthy();
  });

  it('the form checks subject and message with the schema’s texts, without calling the server', async () => {
    const { fetchMock } = renderLoggedIn(() => answer(ticketsApi.list, { tickets: [], next: null }));
    await flush();
    await fillAndSubmit('   ', '');
    expect(screen.getByText('Indiquez le sujet de votre demande (200 caractères au plus).')).toBeTruthy();
    expect(screen.getByText('Décrivez votre demande (5 000 caractères au plus).')).toBeTruthy();
    expect(screen.getByLabelText(/^Sujet/).getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, '/api/tickets').filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('opening a ticket: busy button, then a confirmation, the form cleared and the ticket on top of the list', async () => {
    let respond: (response: Response) => void = () => undefined;
    const { fetchMock } = renderLoggedIn((_url, init) =>
      init?.method === 'POST'
        ? new Promise<Response>((resolve) => (respond = resolve))
        : answer(ticketsApi.list, { tickets: [ticket()], next: null }),
    );
    await flush();
    await fillAndSubmit('  Question facture ', 'Puis-je payer avec mon portefeuille ?');

    const busy = screen.getByRole('button', { name: 'Envoi en cours…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    const post = callsTo(fetchMock, '/api/tickets').find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ subject: 'Question facture', message: 'Puis-je payer avec mon portefeuille ?' });
    expect(bearerOf(post?.[1])).toBe('Bearer stored-token');

    const created = ticket({ id: 12, subject: 'Question facture', message: 'Puis-je payer avec mon portefeuille ?', status: 'open' });
    await act(async () => respond(answer(ticketsApi.open, { ticket: created })));
    await flush();
    expect(screen.getByRole('status').textContent).toBe('Votre ticket n°12 est ouvert. Nous vous répondrons au plus vite.');
    expect((screen.getByLabelText(/^Sujet/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('');
    const headings = within(screen.getByRole('list'))
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(headings).toEqual(['Question facture', 'Connexion SSH refusée']);
    expect(within(screen.getByRole('list')).getByText('Ouvert')).toBeTruthy();
  });

  it('a network failure while opening keeps what was typed and says so', async () => {
    renderLoggedIn((_url, init) => (init?.method === 'POST' ? networkDown() : answer(ticketsApi.list, { tickets: [], next: null })));
    await flush();
    await fillAndSubmit('Sujet', 'Texte');
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Une erreur réseau est survenue. Vérifiez votre connexion et réessayez.');
    expect((screen.getByLabelText(/^Sujet/) as HTMLInputElement).value).toBe('Sujet');
  });

  it('a customer past the hourly limit (429) is told so, and keeps what was typed', async () => {
    renderLoggedIn((_url, init) =>
      init?.method === 'POST'
        ? json(429, { error: 'too_many_attempts', message: 'Too many attempts, try again later' })
        : answer(ticketsApi.list, { tickets: [], next: null }),
    );
    await flush();
    await fillAndSubmit('Sujet', 'Texte');
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Trop de tickets ouverts en une heure. Réessayez un peu plus tard.');
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('Texte');
  });

  it('an expired session (401) ends quietly and the page asks to log in', async () => {
    renderLoggedIn(() => json(401, { error: 'unauthorized', message: 'Authentication required' }));
    await flush();
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('« Charger plus » adds the tickets after the last one shown, then goes', async () => {
    const { fetchMock } = renderLoggedIn((url) =>
      url === '/api/tickets?after=3'
        ? answer(ticketsApi.list, { tickets: [ticket({ id: 1, subject: 'Facture' })], next: null })
        : answer(ticketsApi.list, { tickets: [ticket()], next: 3 }),
    );
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    expect(await screen.findByText('Facture')).toBeTruthy();
    expect(screen.getByText('Connexion SSH refusée')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/tickets').map(([url]) => url)).toContain('/api/tickets?after=3');
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });
});

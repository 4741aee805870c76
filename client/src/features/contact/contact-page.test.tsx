// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import { ticketsApi } from '../../../../shared/contract/tickets';
import { answer } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch, networkDown } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { TEST_SELLER } from '../../testing/seller-fixture';
import { ContactPage } from './contact-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

type Answer = () => Response | Promise<Response>;

function renderContact(reply: Answer, { loggedIn = false } = {}) {
  if (loggedIn) storeDemoSession();
  const fetchMock = mockFetch((url) => (url === '/api/auth/me' ? answer(authApi.me, { user: demoUser }) : reply()));
  renderPage(<ContactPage />, { path: 'contact', url: '/fr/contact' });
  return fetchMock;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function fill(values: { name?: string; email?: string; subject?: string; message?: string }) {
  if (values.name !== undefined) fireEvent.change(field(/^Nom complet/), { target: { value: values.name } });
  if (values.email !== undefined) fireEvent.change(field(/^Adresse e-mail/), { target: { value: values.email } });
  if (values.subject !== undefined) fireEvent.change(field(/^Sujet/), { target: { value: values.subject } });
  if (values.message !== undefined) fireEvent.change(field(/^Message/), { target: { value: values.message } });
}

/** Sends, and waits for the form to be done with it (the schema loads with the first send). */
async function submit() {
  const button = screen.getByRole('button', { name: 'Envoyer le message' });
  await act(async () => {
    fireEvent.click(button);
  });
  // Done: the button is no longer busy, or the form gave way to the ticket's number.
  await waitFor(() => expect(button.isConnected && button.hasAttribute('aria-busy')).toBe(false));
  await act(async () => void (await new Promise((r) => setTimeout(r, 0))));
}

const complete = { name: 'Julien Moreau', email: 'Julien@Example.net', subject: 'Offre GMod', message: 'Quelle offre pour 40 joueurs ?' };

describe('contact page (DESIGN.md §3: the form opens a ticket)', () => {
  it("names the seller's own mailbox, phone and address under the form: the legal notice's identity", () => {
    mockFetch(() => json(404, { error: 'not_found', message: 'Not found' }));
    renderPage(<ContactPage />, { path: 'contact', url: '/fr/contact', data: { seller: TEST_SELLER } });
    const direct = screen.getByRole('region', { name: 'Autres moyens de nous joindre' });
    expect(within(direct).getByRole('link', { name: TEST_SELLER.email }).getAttribute('href')).toBe(`mailto:${TEST_SELLER.email}`);
    expect(within(direct).getByRole('link', { name: TEST_SELLER.phone! }).getAttribute('href')).toBe('tel:+3220129876');
    expect(direct.textContent).toContain('Nordhost SRL, Rue Royale 1, 1000 Bruxelles, Belgique');
  });

  it('a visitor sends the four fields without a bearer and sees the ticket number', async () => {
    const fetchMock = renderContact(() => answer(ticketsApi.contact, { ticketId: 42 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy();
    expect(field(/^Nom complet/).value).toBe('');
    await fill(complete);
    await submit();

    const [call] = callsTo(fetchMock, '/api/contact');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ ...complete, email: 'julien@example.net' });
    expect(bearerOf(call?.[1])).toBeUndefined();
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Message envoyé');
    expect(status.textContent).toContain('Votre numéro de ticket : n°42.');
    expect(status.textContent).toContain('julien@example.net');
    expect(document.activeElement?.textContent).toBe('Message envoyé');

    // Another message: a fresh subject and message, the name and e-mail kept.
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer un autre message' }));
    expect(field(/^Nom complet/).value).toBe('Julien Moreau');
    expect(field(/^Sujet/).value).toBe('');
  });

  it('a logged-in customer finds name and e-mail filled in, and the call carries the bearer', async () => {
    const fetchMock = renderContact(() => answer(ticketsApi.contact, { ticketId: 7 }), { loggedIn: true });
    expect(field(/^Nom complet/).value).toBe(demoUser.fullName);
    expect(field(/^Adresse e-mail/).value).toBe(demoUser.email);
    await fill({ subject: 'Question', message: 'Bonjour' });
    await submit();
    expect(bearerOf(callsTo(fetchMock, '/api/contact')[0]?.[1])).toBe('Bearer stored-token');
    expect(screen.getByRole('status').textContent).toContain('n°7');
  });

  it('checks every field with the schema’s texts before calling the server', async () => {
    const fetchMock = renderContact(() => answer(ticketsApi.contact, { ticketId: 1 }));
    await fill({ email: 'pas-un-email' });
    await submit();
    expect(screen.getByText('Indiquez votre nom (120 caractères au plus).')).toBeTruthy();
    expect(screen.getByText('Indiquez une adresse e-mail valide.')).toBeTruthy();
    expect(screen.getByText('Indiquez le sujet de votre message (200 caractères au plus).')).toBeTruthy();
    expect(screen.getByText('Écrivez votre message (5 000 caractères au plus).')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/contact')).toHaveLength(0);
  });

  it('shows the server’s field errors (400)', async () => {
    renderContact(() =>
      json(400, { error: 'validation_error', message: 'Some fields are invalid', fields: { email: ['contact.erroremail'] } }),
    );
    await fill(complete);
    await submit();
    expect(screen.getByText('Indiquez une adresse e-mail valide.')).toBeTruthy();
    expect(field(/^Adresse e-mail/).getAttribute('aria-invalid')).toBe('true');
  });

  it('429: the too-many-messages text, and what was typed stays', async () => {
    renderContact(() => json(429, { error: 'too_many_attempts', message: 'Too many attempts' }, { 'Retry-After': '3600' }));
    await fill(complete);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Trop de messages ont été envoyés depuis votre connexion. Réessayez dans une heure.',
    );
    expect(field(/^Message/).value).toBe(complete.message);
  });

  it('no network: the network error text', async () => {
    renderContact(() => networkDown());
    await fill(complete);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Une erreur réseau est survenue. Vérifiez votre connexion et réessayez.');
  });

  it('while sending, the button is busy and disabled', async () => {
    renderContact(() => new Promise<Response>(() => undefined));
    await fill(complete);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    });
    const button = screen.getByRole('button', { name: 'Envoi en cours…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});

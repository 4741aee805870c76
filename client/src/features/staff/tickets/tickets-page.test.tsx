// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { staffTicketsApi } from '../../../../../shared/contract/staff-tickets';
import type { StaffTicketDto } from '../../../../../shared/schemas/staff/tickets';
import { answer } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { bodyOf, openDashboard, STAFF_TOKEN } from '../staff-test-kit';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const ticket = (overrides: Partial<StaffTicketDto> = {}): StaffTicketDto => ({
  id: 12,
  user: 'Camille Dupont',
  message: 'Bonjour, depuis ce matin mon serveur reste arrêté.',
  status: 'open',
  createdAt: '2026-11-20T09:00:00.000Z',
  user_id: 7,
  email: 'camille@example.test',
  subject: 'Mon VPS ne démarre plus',
  replies: [],
  ...overrides,
});

const list = (tickets: StaffTicketDto[]) => answer(staffTicketsApi.list, { tickets, limit: 100, next: null });

describe('support tickets page (spec §2 "Support tickets page", §8)', () => {
  it('lists the tickets with the columns ID, Utilisateur, Message, Status, Date', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/1', {
      role: 'support',
      isOnline: false,
      api: (url) => (url === '/api/admin/support-tickets' ? list([ticket()]) : undefined),
    });
    const table = await screen.findByRole('table', { name: 'Tickets des clients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Utilisateur', 'Message', 'Status', 'Date']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Camille Dupont');
    expect(row.textContent).toContain('Mon VPS ne démarre plus');
    expect(row.textContent).toContain('Ouvert');
    expect(bearerOf(callsTo(fetchMock, '/api/admin/support-tickets')[0]?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
  });

  it('empty: « Aucun ticket pour le moment. »; failure: « Impossible de récupérer les tickets. »', async () => {
    openDashboard('/fr/dashboard-admin/1', { api: (url) => (url === '/api/admin/support-tickets' ? list([]) : undefined) });
    expect(await screen.findByText('Aucun ticket pour le moment.')).toBeTruthy();
    cleanup();
    localStorage.clear();
    openDashboard('/fr/dashboard-admin/1', {
      api: (url) => (url === '/api/admin/support-tickets' ? json(500, { error: 'internal' }) : undefined),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de récupérer les tickets.');
  });

  it('« Charger plus » adds the tickets after the last one shown, and is gone at the end', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/1', {
      api: (url) => {
        if (url === '/api/admin/support-tickets?after=12')
          return answer(staffTicketsApi.list, { tickets: [ticket({ id: 5, subject: 'Facture introuvable' })], limit: 100, next: null });
        if (url === '/api/admin/support-tickets') return answer(staffTicketsApi.list, { tickets: [ticket()], limit: 100, next: 12 });
        return undefined;
      },
    });
    const table = await screen.findByRole('table', { name: 'Tickets des clients' });
    fireEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    expect(await within(table).findByText('Facture introuvable')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(callsTo(fetchMock, '/api/admin/support-tickets').map(([url]) => url)).toContain('/api/admin/support-tickets?after=12');
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it('opens a ticket, reads its replies and sends an answer that closes it', async () => {
    const answered = ticket({
      status: 'closed',
      replies: [{ id: 1, author_name: 'Alex', message: 'Nous avons redémarré votre serveur.', created_at: '2026-11-20T10:00:00.000Z' }],
    });
    const { fetchMock } = openDashboard('/fr/dashboard-admin/1', {
      api: (url) => {
        if (url === '/api/admin/support-tickets') return list([ticket()]);
        if (url === '/api/admin/support-tickets/12/reply') return answer(staffTicketsApi.reply, { ticket: answered });
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mon VPS ne démarre plus' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket #12 : Mon VPS ne démarre plus' })).toBeTruthy();
    expect(screen.getByText('Bonjour, depuis ce matin mon serveur reste arrêté.')).toBeTruthy();
    expect(screen.getByText('Aucune réponse pour le moment.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    expect(await screen.findByText("Écrivez une réponse avant de l'envoyer.")).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/support-tickets/12/reply')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Votre réponse/), { target: { value: 'Nous avons redémarré votre serveur.' } });
    fireEvent.click(screen.getByLabelText("Fermer le ticket après l'envoi"));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    expect(await screen.findByText('Fermé')).toBeTruthy();
    expect(screen.getByText('Nous avons redémarré votre serveur.')).toBeTruthy();
    const [reply] = callsTo(fetchMock, '/api/admin/support-tickets/12/reply');
    expect(bodyOf(reply?.[1])).toEqual({ message: 'Nous avons redémarré votre serveur.', close: true });
    // Closed: no more answer form.
    expect(screen.queryByRole('button', { name: 'Envoyer la réponse' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retour aux tickets' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets support' })).toBeTruthy();
  });

  it("'Fermer sans répondre' closes the ticket through POST /close", async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/1', {
      api: (url) =>
        url === '/api/admin/support-tickets'
          ? list([ticket()])
          : url === '/api/admin/support-tickets/12/close'
            ? answer(staffTicketsApi.close, { ticket: ticket({ status: 'closed' }) })
            : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mon VPS ne démarre plus' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Fermer sans répondre' }));
    expect(await screen.findByText('Fermé')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/support-tickets/12/close')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Envoyer la réponse' })).toBeNull();
  });

  it('a failed answer says so and keeps the text', async () => {
    openDashboard('/fr/dashboard-admin/1', {
      api: (url) =>
        url === '/api/admin/support-tickets' ? list([ticket()]) : url.endsWith('/reply') ? json(500, { error: 'internal' }) : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mon VPS ne démarre plus' }));
    fireEvent.change(await screen.findByLabelText(/Votre réponse/), { target: { value: 'Je regarde.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Impossible d'envoyer la réponse.");
    expect((screen.getByLabelText(/Votre réponse/) as HTMLTextAreaElement).value).toBe('Je regarde.');
  });
});

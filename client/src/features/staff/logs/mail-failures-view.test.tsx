// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { staffLogsApi } from '../../../../../shared/contract/staff-logs';
import type { MailFailureDto } from '../../../../../shared/schemas/mail-failures';
import { answer } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { openDashboard, STAFF_TOKEN } from '../staff-test-kit';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const failure = (overrides: Partial<MailFailureDto> = {}): MailFailureDto => ({
  id: 7,
  status: 'failed',
  to: 'zoe@example.test',
  template: 'renewal_invoice',
  subject: 'Facture de renouvellement de votre serveur vps-alpha',
  language: 'fr',
  attempts: 6,
  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
  nextAttemptAt: null,
  createdAt: '2026-11-20T10:15:00.000Z',
  ...overrides,
});

const MAILS = '/api/admin/mail-failures';
const LOGS = '/api/admin/logs';
const page = (mails: MailFailureDto[], hasMore = false) =>
  answer(staffLogsApi.mailFailures, { mails, limit: 50, next: hasMore ? mails.at(-1)!.id : null, hasMore });

function openMails(mails: (url: string, init: RequestInit | undefined) => Response) {
  const view = openDashboard('/fr/dashboard-admin/5', {
    api: (url, init) =>
      url.startsWith(LOGS)
        ? answer(staffLogsApi.auditLog, { entries: [], limit: 50, next: null, hasMore: false })
        : url.startsWith(MAILS)
          ? mails(url, init)
          : undefined,
  });
  return view;
}

describe('Logs page, « Mails en échec »', () => {
  it('is read only when its tab is opened; lists given-up and retrying mails; « Renvoyer » sends one again', async () => {
    const { fetchMock } = openMails((url, init) =>
      init?.method === 'POST'
        ? answer(staffLogsApi.retryMail, { mail: { ...failure(), status: 'pending' } })
        : page([
            failure(),
            failure({ id: 8, status: 'pending', attempts: 2, to: 'jan@example.test', nextAttemptAt: '2026-11-20T10:20:00.000Z' }),
          ]),
    );
    await screen.findByText('Aucune action pour ces filtres.');
    expect(callsTo(fetchMock, MAILS)).toHaveLength(0);

    fireEvent.click(screen.getByRole('tab', { name: 'Mails en échec' }));
    expect(screen.getByRole('tab', { name: 'Mails en échec' }).getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Mails en échec' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Créé le', 'Destinataire', 'Mail', 'Essais', 'Dernière erreur', 'État', 'Action']);
    const [given, retrying] = within(table).getAllByRole('row').slice(1);
    expect(given!.textContent).toContain('zoe@example.test');
    expect(given!.textContent).toContain('Facture de renouvellement de votre serveur vps-alpha');
    expect(given!.textContent).toContain('ECONNREFUSED');
    expect(given!.textContent).toContain('En échec');
    expect(retrying!.textContent).toContain('Nouvel essai le');
    const [read] = callsTo(fetchMock, MAILS);
    expect(read![0]).toBe('/api/admin/mail-failures');
    expect(bearerOf(read![1])).toBe(`Bearer ${STAFF_TOKEN}`);

    fireEvent.click(within(given!).getByRole('button', { name: 'Renvoyer le mail à zoe@example.test' }));
    expect((await screen.findByRole('status')).textContent).toContain('Le mail à zoe@example.test est renvoyé.');
    const post = callsTo(fetchMock, MAILS).find(([, init]) => init?.method === 'POST');
    expect(post![0]).toBe('/api/admin/mail-failures/7/retry');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it('says so when no mail failed, and when the list cannot be read', async () => {
    openMails(() => page([]));
    fireEvent.click(await screen.findByRole('tab', { name: 'Mails en échec' }));
    expect(await screen.findByText('Aucun mail en échec : tous les mails sont partis.')).toBeTruthy();
    cleanup();
    openMails(() => json(500, { error: 'internal' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Mails en échec' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les mails en échec.');
  });

  it('a refused resend says so and keeps the row', async () => {
    openMails((_url, init) => (init?.method === 'POST' ? json(404, { error: 'not_found', message: 'No such mail' }) : page([failure()])));
    fireEvent.click(await screen.findByRole('tab', { name: 'Mails en échec' }));
    const table = await screen.findByRole('table', { name: 'Mails en échec' });
    fireEvent.click(within(table).getByRole('button', { name: 'Renvoyer le mail à zoe@example.test' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Impossible de renvoyer le mail à zoe@example.test.');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });
});

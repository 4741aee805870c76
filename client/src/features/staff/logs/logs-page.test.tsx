// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { staffLogsApi } from '../../../../../shared/contract/staff-logs';
import type { AuditLogEntryDto } from '../../../../../shared/schemas/staff/logs';
import { answer } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { openDashboard, STAFF_TOKEN } from '../staff-test-kit';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const entry = (overrides: Partial<AuditLogEntryDto> = {}): AuditLogEntryDto => ({
  id: 1,
  actor_id: 3,
  actor_name: 'Alice Admin',
  actor_email: 'alice@hubhost.test',
  action: 'product.updated',
  entity_type: 'product',
  entity_id: '5',
  before: { stock: 4, is_active: true },
  after: { stock: 9, is_active: false },
  ip: null,
  created_at: '2026-11-20T10:15:00.000Z',
  ...overrides,
});

const LOGS = '/api/admin/logs';
/** One page; with `hasMore`, the next one starts after its last entry. */
const auditPage = (entries: AuditLogEntryDto[], hasMore = false) =>
  answer(staffLogsApi.auditLog, { entries, limit: 50, next: hasMore ? entries.at(-1)!.id : null, hasMore });
const table = () => screen.getByRole('table', { name: 'Journal des actions' });
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const openLogs = (api: (url: string) => Response, role: 'admin' | 'manager' = 'admin') =>
  openDashboard('/fr/dashboard-admin/5', { role, api: (url) => (url.startsWith(LOGS) ? api(url) : undefined) });

describe('Logs page (category 5)', () => {
  it('shows Date, Qui, Action, Objet, Avant → Après; the system for rows without an actor', async () => {
    const { fetchMock } = openLogs(() =>
      auditPage([
        entry(),
        entry({
          id: 2,
          actor_id: null,
          actor_name: null,
          actor_email: null,
          action: 'order.paid',
          entity_type: 'order',
          entity_id: '77',
          before: null,
          after: null,
        }),
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Logs' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Journal des actions' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Date', 'Qui', 'Action', 'Objet', 'Avant → Après']);
    const [first, second] = within(table()).getAllByRole('row').slice(1);
    expect(first!.textContent).toContain('Alice Admin');
    expect(first!.textContent).toContain('alice@hubhost.test');
    expect(first!.textContent).toContain('product #5');
    expect(
      within(first!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['stock: 4 → 9', 'is_active: true → false']);
    expect(second!.textContent).toContain('Système');
    expect(second!.textContent).toContain('order #77');
    const [call] = callsTo(fetchMock, LOGS);
    expect(queryOf(call![0])).toEqual({});
    expect(bearerOf(call![1])).toBe(`Bearer ${STAFF_TOKEN}`);
  });

  it("'Filtrer' sends who, action prefix and dates; empty ones are left out; 'Effacer les filtres' reads all again", async () => {
    const { fetchMock } = openLogs(() => auditPage([entry()]));
    await screen.findByRole('table', { name: 'Journal des actions' });
    fireEvent.change(screen.getByLabelText('Qui'), { target: { value: ' alice@hubhost.test ' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'product.' } });
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrer' }));
    await waitFor(() => expect(callsTo(fetchMock, LOGS)).toHaveLength(2));
    expect(queryOf(callsTo(fetchMock, LOGS)[1]![0])).toEqual({
      actor: 'alice@hubhost.test',
      action: 'product.',
      from: '2026-11-01',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(callsTo(fetchMock, LOGS)).toHaveLength(3));
    expect(queryOf(callsTo(fetchMock, LOGS)[2]![0])).toEqual({});
    expect((screen.getByLabelText('Qui') as HTMLInputElement).value).toBe('');
  });

  it('filters the server refuses (400) are marked invalid with a message, the first one focused', async () => {
    openLogs((url) =>
      queryOf(url).to
        ? json(400, { error: 'validation_error', message: 'Some fields are invalid', fields: { to: ['La fin précède le début.'] } })
        : auditPage([]),
    );
    expect(await screen.findByText('Aucune action pour ces filtres.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-10-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Filtres invalides : vérifiez les champs.');
    expect(screen.getByLabelText('Au').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Qui').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Au')));
    expect(screen.getByLabelText('Qui').getAttribute('aria-describedby')).toBe('staff-logs-actor-hint');
    expect(screen.getByText('Identifiant, e-mail ou « system »')).toBeTruthy();
  });

  it("'Charger plus' with a next page adds the page after the last entry shown", async () => {
    const { fetchMock } = openLogs((url) =>
      queryOf(url).after === '1' ? auditPage([entry({ id: 9, action: 'ticket.closed' })]) : auditPage([entry()], true),
    );
    await screen.findByRole('table', { name: 'Journal des actions' });
    fireEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    expect(await within(table()).findByText('ticket.closed')).toBeTruthy();
    expect(within(table()).getAllByRole('row')).toHaveLength(3);
    expect(queryOf(callsTo(fetchMock, LOGS)[1]![0]).after).toBe('1');
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it('a failed read shows « Impossible de charger les logs. »; a manager is refused the category', async () => {
    openLogs(() => json(500, { error: 'internal' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les logs.');
    cleanup();
    const { fetchMock } = openLogs(() => auditPage([]), 'manager');
    expect(await screen.findByText('Votre rôle ne donne pas accès à cette catégorie.')).toBeTruthy();
    expect(callsTo(fetchMock, LOGS)).toHaveLength(0);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { gameBackupsApi } from '../../../../../../shared/contract/game-backups';
import { servicesApi } from '../../../../../../shared/contract/services';
import type { GameBackupDto, GameBackupsDto } from '../../../../../../shared/schemas/game-backups';
import { answer, isCallOf } from '../../../../testing/contract-mock';
import { answerDialog, stubDialogElement } from '../../../../testing/dialogs';
import { json, mockFetch } from '../../../../testing/fetch-mock';
import { renderPage } from '../../../../testing/render-page';
import { demoUser, storeDemoSession } from '../../../../testing/session-fixtures';
import { PanelPage } from '../../panel-page';
import { gameService } from '../test-services';

// The page holds the game console, whose xterm.js jsdom cannot run.
vi.mock('../game-console/console-terminal', () => import('../../../../testing/terminal-stand-in'));

beforeEach(stubDialogElement);
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const backup = (overrides: Partial<GameBackupDto> = {}): GameBackupDto => ({
  id: '0d9c3c9e-5a7b-4f7e-9d1e-3b2a1c0f9e8d',
  name: 'Avant la mise à jour',
  status: 'completed',
  createdAt: '2026-12-01T09:00:00.000Z',
  completedAt: '2026-12-01T09:00:20.000Z',
  size: 48_200_000,
  ...overrides,
});

const view = (overrides: Partial<GameBackupsDto> = {}): GameBackupsDto => ({
  backups: [],
  limit: 3,
  restoring: false,
  dailySchedule: { hour: 3, minute: 7 },
  ...overrides,
});

/** The game server's page; `backups` answers each read of the list, `calls` keeps every other backup call. */
function openGameServer(backups: () => GameBackupsDto, calls: { method: string; url: string; body?: unknown }[] = []) {
  storeDemoSession();
  mockFetch((url, init) => {
    if (url === '/api/auth/me') return json(200, { user: demoUser });
    if (isCallOf(gameBackupsApi.list, url, init)) return answer(gameBackupsApi.list, backups());
    if (url.includes('/backups')) {
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (isCallOf(gameBackupsApi.restore, url, init))
        return answer(gameBackupsApi.restore, view({ backups: [backup()], restoring: true }));
      if (isCallOf(gameBackupsApi.create, url, init))
        return answer(gameBackupsApi.create, { backup: backup({ status: 'creating', completedAt: null, size: 0 }) });
    }
    if (isCallOf(servicesApi.events, url, init)) return answer(servicesApi.events, { events: [] });
    if (isCallOf(servicesApi.get, url, init)) return answer(servicesApi.get, { service: gameService() });
    if (isCallOf(servicesApi.list, url, init)) return answer(servicesApi.list, { services: [gameService()] });
    return json(404, { error: 'not_found' });
  });
  renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=services&service=31' });
}

describe("a game server's backups in the panel (issue 33)", () => {
  it('says x of y and the nightly backup, and reads the list again until the backup being made is done', async () => {
    let reads = 0;
    openGameServer(() => {
      reads += 1;
      return view({ backups: [reads < 2 ? backup({ status: 'creating', completedAt: null, size: 0 }) : backup()] });
    });
    const section = await screen.findByRole('region', { name: 'Sauvegardes' });
    expect(await within(section).findByText('1 sur 3')).toBeTruthy();
    expect(within(section).getByText(/chaque nuit vers 03:07 \(UTC\)/)).toBeTruthy();
    expect(await within(section).findByText('En cours…')).toBeTruthy();
    // Polled every 2 s while one is being made.
    expect(await within(section).findByText('Terminée', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(within(section).getByText('48,2 Mo')).toBeTruthy();
  });

  it('restores only after a confirmation that says the current files are replaced', async () => {
    const calls: { method: string; url: string }[] = [];
    openGameServer(() => view({ backups: [backup()] }), calls);
    const section = await screen.findByRole('region', { name: 'Sauvegardes' });
    const restore = await within(section).findByRole('button', { name: 'Restaurer' });
    const question =
      'Restaurer « Avant la mise à jour » ? Les fichiers actuels du serveur seront supprimés et remplacés par ceux de cette sauvegarde. Ce qui a changé depuis sera perdu.';

    await act(async () => fireEvent.click(restore));
    await answerDialog(question, 'Annuler');
    expect(calls).toEqual([]);

    await act(async () => fireEvent.click(restore));
    await answerDialog(question, 'Remplacer les fichiers');
    await vi.waitFor(() => expect(calls.map((c) => c.method)).toEqual(['POST']));
    expect(calls[0]!.url).toBe(`/api/services/31/backups/${backup().id}/restore`);
    expect(await within(section).findByText('Restauration en cours : les fichiers du serveur sont remplacés…')).toBeTruthy();
  });

  it('takes a named backup, and at the limit offers none until one is deleted', async () => {
    const calls: { method: string; url: string; body?: unknown }[] = [];
    openGameServer(() => view({ backups: [] }), calls);
    const section = await screen.findByRole('region', { name: 'Sauvegardes' });
    fireEvent.change(await within(section).findByLabelText('Nom de la sauvegarde (facultatif)'), { target: { value: 'Monde 1.21' } });
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Faire une sauvegarde' })));
    await vi.waitFor(() => expect(calls).toEqual([{ method: 'POST', url: '/api/services/31/backups', body: { name: 'Monde 1.21' } }]));
    cleanup();

    openGameServer(() => view({ limit: 1, backups: [backup()] }));
    const full = await screen.findByRole('region', { name: 'Sauvegardes' });
    expect(await within(full).findByText('1 sur 1')).toBeTruthy();
    expect((within(full).getByRole('button', { name: 'Faire une sauvegarde' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(full).getByText('Limite atteinte : supprimez une sauvegarde pour en faire une nouvelle.')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { gameFilesApi } from '../../../../../../shared/contract/game-files';
import { servicesApi } from '../../../../../../shared/contract/services';
import { sshKeysApi } from '../../../../../../shared/contract/ssh-keys';
import { answer, isCallOf } from '../../../../testing/contract-mock';
import { stubDialogElement } from '../../../../testing/dialogs';
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

const SFTP = { host: 'gra1.play.example', port: 2022, username: 'client7.1a2b3c4d' };
const PROPERTIES = 'motd=A Minecraft Server\npvp=true\n';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** The game server's page; every files call answered as the API would, and kept in `sent`. */
function openGameServer(sent: Sent[], password: (body: { password?: string }) => Response) {
  storeDemoSession();
  mockFetch((url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: init?.method ?? 'GET', url, body });
    if (url === '/api/auth/me') return json(200, { user: demoUser });
    if (isCallOf(sshKeysApi.list, url, init)) return answer(sshKeysApi.list, { sshKeys: [] });
    if (isCallOf(gameFilesApi.sftpPassword, url, init)) return password(body);
    if (isCallOf(gameFilesApi.sftp, url, init)) return answer(gameFilesApi.sftp, { sftp: SFTP });
    if (isCallOf(gameFilesApi.read, url, init)) return answer(gameFilesApi.read, { file: '/server.properties', content: PROPERTIES });
    if (isCallOf(gameFilesApi.write, url, init)) return answer(gameFilesApi.write, { file: body.file, size: body.content.length });
    if (isCallOf(gameFilesApi.list, url, init))
      return answer(gameFilesApi.list, {
        directory: '/',
        entries: [
          { name: 'plugins', path: '/plugins', kind: 'directory', size: 4096, modifiedAt: '2026-11-28T10:00:00.000Z', editable: false },
          {
            name: 'server.properties',
            path: '/server.properties',
            kind: 'file',
            size: 1300,
            modifiedAt: '2026-11-28T10:00:00.000Z',
            editable: true,
          },
        ],
      });
    if (isCallOf(servicesApi.events, url, init)) return answer(servicesApi.events, { events: [] });
    if (isCallOf(servicesApi.get, url, init)) return answer(servicesApi.get, { service: gameService() });
    if (isCallOf(servicesApi.list, url, init)) return answer(servicesApi.list, { services: [gameService()] });
    return json(404, { error: 'not_found' });
  });
  renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=services&service=31' });
}

const click = (button: HTMLElement) =>
  act(async () => {
    fireEvent.click(button);
  });

describe('a game server’s files in the panel (issue 33)', () => {
  it('shows the SFTP access, and a password made by the shop once, without sending one', async () => {
    const sent: Sent[] = [];
    openGameServer(sent, () => answer(gameFilesApi.sftpPassword, { sftp: SFTP, password: 'made-by-the-shop-24chars' }));
    const section = await screen.findByRole('region', { name: 'Fichiers du serveur' });
    expect(await within(section).findByText('client7.1a2b3c4d')).toBeTruthy();
    await click(within(section).getByRole('button', { name: 'Définir le mot de passe' }));
    expect(await within(section).findByText('made-by-the-shop-24chars')).toBeTruthy();
    expect(sent.filter((s) => s.url.endsWith('/sftp/password')).map((s) => s.body)).toEqual([{}]);
  });

  it('refuses a short password under its field before anything is sent', async () => {
    const sent: Sent[] = [];
    openGameServer(sent, () => answer(gameFilesApi.sftpPassword, { sftp: SFTP, password: 'never' }));
    const section = await screen.findByRole('region', { name: 'Fichiers du serveur' });
    fireEvent.change(within(section).getByLabelText(/^Nouveau mot de passe/), { target: { value: 'short' } });
    await click(within(section).getByRole('button', { name: 'Définir le mot de passe' }));
    expect(await within(section).findByText('Le mot de passe doit faire entre 12 et 72 caractères.')).toBeTruthy();
    expect(sent.some((s) => s.url.endsWith('/sftp/password'))).toBe(false);
  });

  it('opens server.properties in the editor and saves the edited text', async () => {
    const sent: Sent[] = [];
    openGameServer(sent, () => json(500, {}));
    const section = await screen.findByRole('region', { name: 'Fichiers du serveur' });
    await click(await within(section).findByRole('button', { name: 'Modifier server.properties' }));
    const editor = (await within(section).findByLabelText(/^Contenu de server.properties/)) as HTMLTextAreaElement;
    expect(editor.value).toBe(PROPERTIES);
    fireEvent.change(editor, { target: { value: PROPERTIES.replace('pvp=true', 'pvp=false') } });
    await click(within(section).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(section).findByText(/server.properties enregistré/)).toBeTruthy();
    const put = sent.find((s) => s.method === 'PUT');
    expect(put?.body).toEqual({ file: '/server.properties', content: 'motd=A Minecraft Server\npvp=false\n' });
  });
});

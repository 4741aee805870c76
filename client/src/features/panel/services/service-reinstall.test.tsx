// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { pathOf } from '../../../../../shared/contract/endpoint';
import { servicesApi } from '../../../../../shared/contract/services';
import { sshKeysApi } from '../../../../../shared/contract/ssh-keys';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { answer, isCallOf } from '../../../testing/contract-mock';
import { answerDialog, stubDialogElement } from '../../../testing/dialogs';
import { json, mockFetch } from '../../../testing/fetch-mock';
import { renderPage } from '../../../testing/render-page';
import { demoUser, storeDemoSession } from '../../../testing/session-fixtures';
import { PanelPage } from '../panel-page';
import { vpsService } from './test-services';

beforeEach(stubDialogElement);
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const KEY = {
  id: 4,
  name: 'Portable',
  type: 'ssh-ed25519',
  fingerprint: 'SHA256:QfWCM0fu+V3JT9jsinBKezufm6gkkZ+9j7b9eO8Sfqs',
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** The VPS's page in the panel; `reinstall` answers POST …/reinstall with its body. */
function openVps(service: () => ServiceDto, keys: (typeof KEY)[], reinstall: (body: unknown) => Response) {
  storeDemoSession();
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/auth/me') return json(200, { user: demoUser });
    if (isCallOf(sshKeysApi.list, url, init)) return answer(sshKeysApi.list, { sshKeys: keys });
    if (url === pathOf(servicesApi.reinstall, { id: 30 })) return reinstall(JSON.parse(String(init?.body)));
    if (isCallOf(servicesApi.get, url, init)) return answer(servicesApi.get, { service: service() });
    if (isCallOf(servicesApi.list, url, init)) return answer(servicesApi.list, { services: [service()] });
    return json(404, { error: 'not_found' });
  });
  renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=services&service=30' });
  return fetchMock;
}

describe('a VPS reinstalled from the panel (issue 33)', () => {
  it('sends the chosen system and key only after the confirmation that the disk is erased, then shows it installing', async () => {
    let current = vpsService();
    const sent: unknown[] = [];
    openVps(
      () => current,
      [KEY],
      (body) => {
        sent.push(body);
        current = vpsService({
          reinstall: {
            state: 'installing',
            os: { id: 'debian-12', name: 'Debian 12' },
            sshKey: { name: 'Portable', fingerprint: KEY.fingerprint },
            startedAt: '2026-11-28T10:00:00.000Z',
            finishedAt: null,
          },
        });
        return answer(servicesApi.reinstall, { service: current });
      },
    );
    const section = await screen.findByRole('region', { name: 'Réinstaller le système' });
    expect(within(section).getByText('Système actuel : Ubuntu 24.04')).toBeTruthy();
    fireEvent.change(await within(section).findByLabelText(/^Système/), { target: { value: 'debian-12' } });
    fireEvent.change(within(section).getByLabelText(/^Clé SSH pour root/), { target: { value: '4' } });
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Réinstaller…' }));
    });
    expect(sent).toEqual([]);
    await answerDialog('Réinstaller VPS Linux NVMe Pro ?', 'Effacer et réinstaller');
    await vi.waitFor(() => expect(sent).toEqual([{ os: 'debian-12', sshKeyId: 4 }]));
    expect(await screen.findByText(/Réinstallation en cours : Debian 12/)).toBeTruthy();
  });

  it('without an SSH key on the account, it leads to Settings to add one', async () => {
    openVps(
      () => vpsService(),
      [],
      () => json(500, {}),
    );
    const link = await screen.findByRole('link', { name: 'Ajouter une clé SSH' });
    expect(link.getAttribute('href')).toBe('/fr/settings#ssh-keys-title');
  });

  it('a reinstall already running is said politely', async () => {
    openVps(
      () => vpsService(),
      [KEY],
      () => json(409, { error: 'reinstall_running', message: 'running' }),
    );
    const section = await screen.findByRole('region', { name: 'Réinstaller le système' });
    fireEvent.change(await within(section).findByLabelText(/^Clé SSH pour root/), { target: { value: '4' } });
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Réinstaller…' }));
    });
    await answerDialog('Réinstaller VPS Linux NVMe Pro ?', 'Effacer et réinstaller');
    expect(await screen.findByText('Une réinstallation est déjà en cours sur ce serveur.')).toBeTruthy();
  });
});

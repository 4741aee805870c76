// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { servicesApi } from '../../../../../../shared/contract/services';
import { sshKeysApi } from '../../../../../../shared/contract/ssh-keys';
import { vpsPanelApi } from '../../../../../../shared/contract/vps-panel';
import type { SnapshotStateDto } from '../../../../../../shared/schemas/vps-panel';
import { answer, isCallOf } from '../../../../testing/contract-mock';
import { answerDialog, stubDialogElement } from '../../../../testing/dialogs';
import { json, mockFetch } from '../../../../testing/fetch-mock';
import { renderPage } from '../../../../testing/render-page';
import { demoUser, storeDemoSession } from '../../../../testing/session-fixtures';
import { PanelPage } from '../../panel-page';
import { vpsService } from '../test-services';

beforeEach(stubDialogElement);
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The VPS's page; `snapshot` is GET …/snapshot's answer, `reset` answers the password reset. */
function openVps(snapshot: SnapshotStateDto, reset: () => Response = () => json(500, {})) {
  const calls: string[] = [];
  storeDemoSession();
  mockFetch((url, init) => {
    if (url === '/api/auth/me') return json(200, { user: demoUser });
    if (isCallOf(vpsPanelApi.resetRootPassword, url, init)) {
      calls.push('reset');
      return reset();
    }
    if (isCallOf(vpsPanelApi.rootPassword, url, init)) return answer(vpsPanelApi.rootPassword, { running: false });
    if (isCallOf(vpsPanelApi.snapshot, url, init)) return answer(vpsPanelApi.snapshot, { snapshot });
    if (isCallOf(sshKeysApi.list, url, init)) return answer(sshKeysApi.list, { sshKeys: [] });
    if (isCallOf(servicesApi.events, url, init)) return answer(servicesApi.events, { events: [] });
    if (isCallOf(servicesApi.get, url, init)) return answer(servicesApi.get, { service: vpsService() });
    if (isCallOf(servicesApi.list, url, init)) return answer(servicesApi.list, { services: [vpsService()] });
    return json(404, { error: 'not_found' });
  });
  renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=services&service=30' });
  return calls;
}

describe("a VPS's tools in the panel (issue 33)", () => {
  it('says the snapshot is not included when the plan lacks OVH’s option, and offers nothing to take', async () => {
    openVps({ included: false, current: null, running: null });
    const section = await screen.findByRole('region', { name: 'Instantané' });
    expect(await within(section).findByText("Votre offre ne comprend pas d'instantané.")).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('resets the root password only once confirmed, then says precisely where the new one comes from', async () => {
    const calls = openVps({ included: true, current: null, running: null }, () =>
      answer(vpsPanelApi.resetRootPassword, { reset: { delivery: 'by_mail' } }),
    );
    const section = await screen.findByRole('region', { name: 'Mot de passe root' });
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Réinitialiser le mot de passe…' }));
    });
    expect(calls).toEqual([]);
    await answerDialog('Réinitialiser le mot de passe root ?', 'Réinitialiser');
    await vi.waitFor(() => expect(calls).toEqual(['reset']));
    expect(await within(section).findByText(/OVH l'envoie par e-mail au titulaire du compte OVH de HubHost, pas à vous/)).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { pathOf } from '../../../../../shared/contract/endpoint';
import { servicesApi } from '../../../../../shared/contract/services';
import { sshKeysApi } from '../../../../../shared/contract/ssh-keys';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { answer, isCallOf } from '../../../testing/contract-mock';
import { stubDialogElement } from '../../../testing/dialogs';
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

/** The VPS's page in the panel; `put` answers PUT …/reverse-dns with its body. */
function openVps(service: () => ServiceDto, put: (body: unknown) => Response) {
  storeDemoSession();
  mockFetch((url, init) => {
    if (url === '/api/auth/me') return json(200, { user: demoUser });
    if (isCallOf(sshKeysApi.list, url, init)) return answer(sshKeysApi.list, { sshKeys: [] });
    if (url === pathOf(servicesApi.reverseDns, { id: 30 })) return put(JSON.parse(String(init?.body)));
    if (isCallOf(servicesApi.events, url, init)) return answer(servicesApi.events, { events: [] });
    if (isCallOf(servicesApi.get, url, init)) return answer(servicesApi.get, { service: service() });
    if (isCallOf(servicesApi.list, url, init)) return answer(servicesApi.list, { services: [service()] });
    return json(404, { error: 'not_found' });
  });
  renderPage(<PanelPage />, { path: 'PanelCLient', url: '/fr/PanelCLient?tab=services&service=30' });
}

const save = (section: HTMLElement) =>
  act(async () => {
    fireEvent.click(within(section).getByRole('button', { name: 'Enregistrer' }));
  });

describe("a VPS's reverse DNS in the panel (issue 33)", () => {
  it('sends the name for the server’s address and shows the one OVH took', async () => {
    let current = vpsService();
    const sent: unknown[] = [];
    openVps(
      () => current,
      (body) => {
        sent.push(body);
        current = vpsService({ reverseDns: 'mail.exemple.be' });
        return answer(servicesApi.reverseDns, { service: current });
      },
    );
    const section = await screen.findByRole('region', { name: 'DNS inverse' });
    expect(within(section).getByText("Aucun nom défini : le nom de l'hébergeur est utilisé.")).toBeTruthy();
    fireEvent.change(within(section).getByLabelText(/^Nom d'hôte/), { target: { value: 'mail.exemple.be' } });
    await save(section);
    await vi.waitFor(() => expect(sent).toEqual([{ ip: '51.210.12.34', reverse: 'mail.exemple.be' }]));
    expect(await within(section).findByText('Le DNS inverse de 51.210.12.34 est maintenant mail.exemple.be.')).toBeTruthy();
  });

  it('OVH’s refusal (the name does not resolve yet) is explained under the field, which gets the focus', async () => {
    openVps(
      () => vpsService(),
      () => json(422, { error: 'reverse_not_resolving', message: 'no', fields: { reverse: ['services.rdns.notresolving'] } }),
    );
    const section = await screen.findByRole('region', { name: 'DNS inverse' });
    const field = within(section).getByLabelText(/^Nom d'hôte/);
    fireEvent.change(field, { target: { value: 'mail.exemple.be' } });
    await save(section);
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    expect(within(section).getByText(/Créez d'abord chez votre fournisseur DNS un enregistrement A/)).toBeTruthy();
  });

  it('a name that is not a host name is refused before anything is sent', async () => {
    const sent: unknown[] = [];
    openVps(
      () => vpsService(),
      (body) => {
        sent.push(body);
        return json(500, {});
      },
    );
    const section = await screen.findByRole('region', { name: 'DNS inverse' });
    fireEvent.change(within(section).getByLabelText(/^Nom d'hôte/), { target: { value: 'mail' } });
    await save(section);
    expect(await within(section).findByText("Saisissez un nom d'hôte complet, par exemple mail.votre-domaine.be.")).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { answerDialog, stubDialogElement } from '../../../testing/dialogs';
import { json } from '../../../testing/fetch-mock';
import { errorOf, renderLoggedIn, submit } from '../../../testing/logged-in-form';
import { SshKeysSection } from './ssh-keys-section';

beforeAll(stubDialogElement);
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const LAPTOP = { id: 7, name: 'Portable', type: 'ssh-ed25519', fingerprint: 'SHA256:QfWCM0fu', createdAt: '2026-11-20T10:00:00.000Z' };

describe('Settings › SSH keys', () => {
  it('lists the keys by name and fingerprint, and a removed one leaves the list after the confirmation', async () => {
    let keys = [LAPTOP];
    const deletes: string[] = [];
    renderLoggedIn(<SshKeysSection />, (url) => {
      if (url.startsWith('/api/account/ssh-keys/')) {
        deletes.push(url);
        keys = [];
        return json(200, { removed: true });
      }
      return json(200, { sshKeys: keys });
    });
    expect(await screen.findByText('SHA256:QfWCM0fu')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer la clé Portable' }));
    await answerDialog('Supprimer la clé « Portable » ? Les serveurs déjà installés avec elle la gardent.', 'Supprimer');
    await vi.waitFor(() => expect(screen.getByText("Aucune clé SSH pour l'instant.")).toBeTruthy());
    expect(deletes).toEqual(['/api/account/ssh-keys/7']);
  });

  it('a key the server refuses shows its reason under the field, which gets the focus', async () => {
    const posted = { done: false };
    renderLoggedIn(<SshKeysSection />, () =>
      posted.done
        ? json(400, { error: 'validation_error', message: 'Some fields are invalid', fields: { publicKey: ['sshkeys.errorweak'] } })
        : json(200, { sshKeys: [] }),
    );
    await screen.findByText("Aucune clé SSH pour l'instant.");
    posted.done = true;
    fireEvent.change(screen.getByLabelText(/^Nom/), { target: { value: 'Ancien' } });
    fireEvent.change(screen.getByLabelText(/^Clé publique/), { target: { value: 'ssh-rsa AAAAB3NzaC1yc2E old' } });
    await submit('Ajouter la clé');
    const field = screen.getByLabelText(/^Clé publique/);
    await vi.waitFor(() => expect(errorOf(field)).toBe('Cette clé RSA est trop courte : 2048 bits au minimum.'));
    expect(document.activeElement).toBe(field);
  });

  it('the same key twice says it is already on the account', async () => {
    const posted = { done: false };
    renderLoggedIn(<SshKeysSection />, () =>
      posted.done ? json(409, { error: 'ssh_key_exists', message: 'exists' }) : json(200, { sshKeys: [LAPTOP] }),
    );
    await screen.findByText('Portable');
    posted.done = true;
    fireEvent.change(screen.getByLabelText(/^Nom/), { target: { value: 'Encore' } });
    fireEvent.change(screen.getByLabelText(/^Clé publique/), { target: { value: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 me' } });
    await submit('Ajouter la clé');
    expect(await screen.findByText('Cette clé est déjà enregistrée sur votre compte.')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { authApi } from '../../../../shared/contract/auth';
import { answer } from '../../testing/contract-mock';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { NewTicketForm } from './new-ticket-form';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A logged-in customer; `api` answers every call but /api/auth/me. */
function renderLoggedIn(element: ReactElement, api: (url: string) => Response) {
  storeDemoSession();
  mockFetch((url) => (url === '/api/auth/me' ? answer(authApi.me, { user: demoUser }) : api(url)));
  return renderPage(element, { path: 'settings', url: '/fr/settings' });
}

const submit = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

/** The error a field is described by (aria-describedby), as a screen reader reads it. */
function errorOf(field: HTMLElement): string | null | undefined {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('field__error'))?.textContent;
}

describe('opening a ticket (react-hook-form, server field errors)', () => {
  it('a customer who sends an empty ticket sees both errors and the focus on the first field, and nothing is sent', async () => {
    const api = vi.fn(() => json(500, {}));
    renderLoggedIn(<NewTicketForm onCreated={() => undefined} />, api);
    await submit('Ouvrir le ticket');

    const subject = screen.getByLabelText(/^Sujet/);
    await vi.waitFor(() => expect(document.activeElement).toBe(subject));
    expect(errorOf(subject)).toBe('Indiquez le sujet de votre demande (200 caractères au plus).');
    expect(errorOf(screen.getByLabelText(/^Message/))).toBe('Décrivez votre demande (5 000 caractères au plus).');
    expect(api).not.toHaveBeenCalled();
  });

  it('a ticket the server refuses for its message shows the error under the message, focused, the subject kept', async () => {
    renderLoggedIn(<NewTicketForm onCreated={() => undefined} />, () =>
      json(400, { error: 'validation_failed', message: 'Invalid', fields: { message: 'support.errormessage' } }),
    );
    fireEvent.change(screen.getByLabelText(/^Sujet/), { target: { value: 'Connexion SSH refusée' } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Bonjour' } });
    await submit('Ouvrir le ticket');

    const message = screen.getByLabelText(/^Message/);
    await vi.waitFor(() => expect(document.activeElement).toBe(message));
    expect(errorOf(message)).toBe('Décrivez votre demande (5 000 caractères au plus).');
    expect((screen.getByLabelText(/^Sujet/) as HTMLInputElement).value).toBe('Connexion SSH refusée');
  });
});

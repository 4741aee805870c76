// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { json } from '../../testing/fetch-mock';
import { errorOf, renderLoggedIn, submit } from '../../testing/logged-in-form';
import { NewTicketForm } from './new-ticket-form';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

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

import type { ReactElement } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { authApi } from '../../../shared/contract/auth';
import { answer } from './contract-mock';
import { mockFetch } from './fetch-mock';
import { renderPage } from './render-page';
import { demoUser, storeDemoSession } from './session-fixtures';

// What a test of a logged-in customer's form needs: the page rendered with a session, a click on
// its button, and the error a field announces.

/** A logged-in customer; `api` answers every call but /api/auth/me. */
export function renderLoggedIn(element: ReactElement, api: (url: string) => Response) {
  storeDemoSession();
  mockFetch((url) => (url === '/api/auth/me' ? answer(authApi.me, { user: demoUser }) : api(url)));
  return renderPage(element, { path: 'settings', url: '/fr/settings' });
}

/** Clicks the button named `name` and lets the submit's promises settle. */
export const submit = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

/** The error a field is described by (aria-describedby), as a screen reader reads it. */
export function errorOf(field: HTMLElement): string | null | undefined {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('field__error'))?.textContent;
}

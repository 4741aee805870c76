// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderPage } from '../../testing/render-page';
import { HubFivePage } from './hubfive-page';

afterEach(cleanup);

describe('HubFive landing page', () => {
  it('shows the hero, sample scripts at 15.00 and 10.00 euros, the features and a contact call to action', () => {
    renderPage(<HubFivePage />, { path: 'HubFive', url: '/fr/HubFive' });
    expect(screen.getByRole('heading', { level: 1, name: 'HubFive' })).toBeTruthy();

    const scripts = screen.getByRole('region', { name: 'Exemples de scripts' });
    const prices = within(scripts)
      .getAllByText(/€/)
      .map((p) => p.textContent!.replace(/\s/g, ' '));
    expect(prices).toEqual(['Prix : 15,00 €', 'Prix : 10,00 €', 'Prix : 10,00 €']);
    expect(within(scripts).getAllByRole('heading', { level: 3 })).toHaveLength(3);

    const features = screen.getByRole('region', { name: 'Pourquoi HubFive ?' });
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(4);

    const contact = screen.getAllByRole('link', { name: 'Nous contacter' });
    expect(contact.length).toBeGreaterThan(0);
    expect(contact.every((link) => link.getAttribute('href') === '/fr/contact')).toBe(true);
  });
});

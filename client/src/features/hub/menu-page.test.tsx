// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderPage } from '../../testing/render-page';
import { MenuPage } from './menu-page';

afterEach(cleanup);

describe('hub page', () => {
  it('offers two cards: hosting services and HubFive, and a way home', () => {
    renderPage(<MenuPage />, { path: 'Menu', url: '/fr/Menu' });
    expect(screen.getByRole('heading', { level: 1, name: 'Nos services' })).toBeTruthy();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.getByRole('link', { name: "Services d'hébergement" }).getAttribute('href')).toBe('/fr/Hosting');
    expect(screen.getByRole('link', { name: 'HubFive' }).getAttribute('href')).toBe('/fr/HubFive');
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/fr/');
  });
});

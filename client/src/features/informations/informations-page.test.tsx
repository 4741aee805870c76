// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import en from '../../../../shared/locales/en.json';
import fr from '../../../../shared/locales/fr.json';
import { i18n, loadLanguage } from '../../app/i18n';
import { renderPage } from '../../testing/render-page';
import { InformationsPage } from './informations-page';
import { today } from './opening-hours';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function rowOf(day: string) {
  return screen.getByRole('rowheader', { name: new RegExp(`^${day}`) }).closest('tr')!;
}

describe('opening hours page (spec §2)', () => {
  it('shows the week, today highlighted, one of the messages and a way home', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00') }); // a Tuesday
    renderPage(<InformationsPage />, { path: 'Informations', url: '/fr/Informations' });

    expect(screen.getByRole('heading', { level: 1, name: "Horaires d'ouverture" })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/fr/');
    const hours = (day: string) => rowOf(day).querySelector('td')!.textContent;
    expect(hours('Lundi')).toBe('Fermé');
    for (const day of ['Mardi', 'Mercredi', 'Jeudi', 'Vendredi']) expect(hours(day)).toBe('9h00 – 18h00');
    expect(hours('Samedi')).toBe('10h00 – 16h00');
    expect(hours('Dimanche')).toBe('Fermé');

    expect(rowOf('Mardi').getAttribute('aria-current')).toBe('date');
    expect(rowOf('Mardi').textContent).toContain("Aujourd'hui");
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(1);

    const messages = Object.values(fr.informations.messages);
    expect(messages.some((m) => screen.queryByText(m))).toBe(true);
  });

  it('draws the message once per visit: a re-render (here a language switch) keeps it, translated', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.99);
    renderPage(<InformationsPage />, { path: 'Informations', url: '/fr/Informations' });
    expect(screen.getByText(Object.values(fr.informations.messages).at(-1)!)).toBeTruthy();
    random.mockReturnValue(0);
    await loadLanguage('en');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText(Object.values(en.informations.messages).at(-1)!)).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: /^Tuesday/ })).toBeTruthy();
    await act(() => i18n.changeLanguage('fr'));
  });

  it('counts the week from Monday', () => {
    expect(today(new Date('2026-11-23T12:00:00'))).toBe('monday');
    expect(today(new Date('2026-11-29T12:00:00'))).toBe('sunday');
  });
});

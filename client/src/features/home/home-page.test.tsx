// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { ratingsApi } from '../../../../shared/contract/ratings';
import { answer, isCallOf } from '../../testing/contract-mock';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { HomePage } from './home-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function setup() {
  mockFetch((url, init) =>
    isCallOf(ratingsApi.average, url, init) ? answer(ratingsApi.average, { average: 4.7, count: 31, userRating: null }) : json(404, {}),
  );
  return renderPage(<HomePage />, { path: 'accueil', url: '/fr/accueil' });
}

describe('home page (spec §2, §9)', () => {
  it('keeps the hero title, shows four quotes, six features and the ratings block', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vos serveurs en ligne en quelques minutes, sans compromis.');
    expect(screen.getAllByRole('blockquote')).toHaveLength(4);
    const features = screen.getByRole('heading', { level: 2, name: 'Pourquoi choisir HubHost\u00a0?' }).nextElementSibling;
    expect(features?.querySelectorAll('li')).toHaveLength(6);
    expect(await screen.findByText('4,7')).toBeTruthy();
    expect(screen.getByText('Nombre de votes : 31')).toBeTruthy();
  });

  it('the FAQ has seven questions; each button toggles its own answer, several can be open', async () => {
    setup();
    const questions = screen.getAllByRole('button', { expanded: false }).filter((b) => b.className === 'faq__toggle');
    expect(questions).toHaveLength(7);

    const [first, second] = questions as [HTMLElement, HTMLElement];
    const firstPanel = document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(firstPanel.hidden).toBe(true);
    expect(firstPanel.getAttribute('aria-labelledby')).toBe(first.id);

    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(firstPanel.hidden).toBe(false);
    expect(screen.getByRole('region', { name: 'En combien de temps mon serveur est-il prêt\u00a0?' })).toBe(firstPanel);

    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(second.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(firstPanel.hidden).toBe(true);
    expect(second.getAttribute('aria-expanded')).toBe('true');
  });

  it('fades in after 300 ms', async () => {
    vi.useFakeTimers();
    const { container } = setup();
    const faded = container.querySelectorAll('.fade-in');
    expect(faded.length).toBeGreaterThan(0);
    await act(async () => void (await vi.advanceTimersByTimeAsync(299)));
    expect(container.querySelector('.fade-in--visible')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(container.querySelectorAll('.fade-in--visible')).toHaveLength(faded.length);
  });
});

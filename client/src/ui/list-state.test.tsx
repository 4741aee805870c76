// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ListState } from './list-state';

afterEach(cleanup);

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: string[] };

function show(state: State, look?: 'staff' | 'panel', onRetry = vi.fn()) {
  render(
    <ListState
      look={look}
      state={state}
      loading="Chargement des logs…"
      failed="Impossible de charger les logs."
      retry={{ label: 'Réessayer', onRetry }}
      isEmpty={(ready) => ready.items.length === 0}
      empty="Aucune entrée."
    >
      {(ready) => (
        <ul>
          {ready.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </ListState>,
  );
  return onRetry;
}

describe('ListState', () => {
  it('a list on its way is announced politely, with nothing else shown', () => {
    show({ status: 'loading' });
    expect(screen.getByRole('status').textContent).toContain('Chargement des logs…');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a list that could not be read is announced at once, and « Réessayer » reads it again', () => {
    const onRetry = show({ status: 'failed' }, 'staff');
    expect(screen.getByRole('alert').textContent).toBe('Impossible de charger les logs.');
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('the panel look says the failure in its alert box, with the same retry', () => {
    const onRetry = show({ status: 'failed' }, 'panel');
    expect(screen.getByRole('alert').closest('.panel-failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('an empty list shows its text instead of the table; a list with rows shows them', () => {
    show({ status: 'ready', items: [] });
    expect(screen.getByText('Aucune entrée.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    cleanup();
    show({ status: 'ready', items: ['login', 'logout'] });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['login', 'logout']);
    expect(screen.queryByText('Aucune entrée.')).toBeNull();
  });
});

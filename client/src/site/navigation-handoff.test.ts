// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { leaveNavigationState, takeNavigationState } from './navigation-handoff';

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/fr/login');
});

describe('navigation state across documents', () => {
  it('becomes the history state of the page it was left for, in react-router’s shape', () => {
    leaveNavigationState('/fr/login', { fromInside: true });
    takeNavigationState();
    expect(window.history.state).toMatchObject({ usr: { fromInside: true }, idx: 0 });
  });

  it('matches the path without regard to case or a trailing slash, as the routers do', () => {
    leaveNavigationState('/FR/Login/', { fromInside: true });
    takeNavigationState();
    expect(window.history.state).toMatchObject({ usr: { fromInside: true } });
  });

  it('is dropped when another page opens, and taken only once', () => {
    leaveNavigationState('/fr/Register', { fromInside: true });
    takeNavigationState();
    expect(window.history.state).toBeNull();
    leaveNavigationState('/fr/login', { fromInside: true });
    takeNavigationState();
    window.history.replaceState(null, '', '/fr/login');
    takeNavigationState();
    expect(window.history.state).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps the query apart: state left for another query is not this page’s', () => {
    leaveNavigationState('/fr/login?from=cart', { fromInside: true });
    takeNavigationState();
    expect(window.history.state).toBeNull();
  });
});

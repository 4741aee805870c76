// React Router's own browser history, as BrowserRouter makes it (exported for custom histories).
import { UNSAFE_createBrowserHistory as createBrowserHistory, type To } from 'react-router-dom';
import { leaveNavigationState } from './navigation-handoff';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

/**
 * The browser's history for a public page's document: a navigation that stays on the page (its
 * query or hash) goes through history as in any React Router app; one to another address loads
 * that address's document (the server renders it, or the app's shell), with the link's state left
 * for it (the next page puts it back into history: the spec's "from inside" guard reads it).
 */
export function documentHistory(pagePath: string): BrowserHistory {
  const history = createBrowserHistory({ v5Compat: true });
  const staysHere = (to: To) => samePath(history.createURL(to).pathname, pagePath);
  const leave = (to: To, state: unknown, replace: boolean) => {
    const url = history.createURL(to);
    const address = `${url.pathname}${url.search}${url.hash}`;
    if (state !== undefined && state !== null) leaveNavigationState(address, state);
    if (replace) window.location.replace(address);
    else window.location.assign(address);
  };
  // The rest (location, listen, go...) is the browser history's own.
  return Object.assign(Object.create(history) as BrowserHistory, {
    push: (to: To, state?: unknown) => (staysHere(to) ? history.push(to, state) : leave(to, state, false)),
    replace: (to: To, state?: unknown) => (staysHere(to) ? history.replace(to, state) : leave(to, state, true)),
  });
}

/** Paths match without regard to case or a last slash, as the routes do. */
const samePath = (a: string, b: string) => a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();

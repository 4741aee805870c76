/**
 * A link's navigation state across a full page load. The public pages run without the app's router
 * (client/src/site/runtime/router.tsx), so a link from them to the app (login, the support panel)
 * loads a new document, which history state does not survive. The link leaves its state here for
 * the page it opens, and that page puts it back into history before its router starts: the spec's
 * "from inside" guard then sees it as it would after an in-app navigation.
 */
const HANDOFF_KEY = 'navigation-handoff';

interface Handoff {
  /** The address the state is for: pathname, search and hash, as the link wrote it. */
  to: string;
  state: unknown;
}

/** Called just before the document navigates to `to`. */
export function leaveNavigationState(to: string, state: unknown): void {
  try {
    sessionStorage.setItem(HANDOFF_KEY, JSON.stringify({ to, state } satisfies Handoff));
  } catch {
    // Storage disabled: the page opens without the state (the guard sends the visitor home).
  }
}

/**
 * Once per document, before any router reads history: the state left for this address becomes the
 * current entry's, in the shape react-router keeps it (`usr`). Left for another address, it is dropped.
 */
export function takeNavigationState(): void {
  let handoff: Handoff | null;
  try {
    const stored = sessionStorage.getItem(HANDOFF_KEY);
    sessionStorage.removeItem(HANDOFF_KEY);
    handoff = stored ? (JSON.parse(stored) as Handoff) : null;
  } catch {
    return;
  }
  if (!handoff || handoff.state === undefined || handoff.state === null) return;
  const here = window.location.pathname + window.location.search + window.location.hash;
  if (!sameAddress(handoff.to, here)) return;
  const current: unknown = window.history.state;
  const kept = typeof current === 'object' && current !== null ? current : {};
  window.history.replaceState({ ...kept, usr: handoff.state, key: randomKey(), idx: 0 }, '');
}

/** Paths match without regard to case, as the routers match them; query and hash exactly. */
function sameAddress(a: string, b: string): boolean {
  const split = (address: string) => {
    const at = address.search(/[?#]/);
    return at === -1 ? [address, ''] : [address.slice(0, at), address.slice(at)];
  };
  const [pathA, restA] = split(a);
  const [pathB, restB] = split(b);
  return pathA!.replace(/\/+$/, '').toLowerCase() === pathB!.replace(/\/+$/, '').toLowerCase() && restA === restB;
}

const randomKey = () => Math.random().toString(36).slice(2, 10);

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { leaveNavigationState } from '../navigation-handoff';

/**
 * What the public pages use of react-router-dom, for the site's builds only (vite.site.config.ts
 * and the server's render): the app's router weighs 30 kB gzip, and a public page does not need it.
 * Each public page is its own document (the server renders it; its HTML is cached), so a link to
 * another page is a plain link the browser follows. Only what stays on the page (the shop's
 * filters in the query) changes in place, through history. The app keeps react-router.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Stay where the page is scrolled (the shop's filters); by default, as react-router, the top or the hash. */
  preventScrollReset?: boolean;
}

const inBrowser = typeof window !== 'undefined';

// The browser's location, one object per history entry (useSyncExternalStore needs a stable one).
let browserLocation: Location | null = null;
const listeners = new Set<() => void>();

function readBrowserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as { usr?: unknown; key?: string } | null;
  const state = entry?.usr ?? null;
  const key = entry?.key ?? 'default';
  const known = browserLocation;
  if (known && known.pathname === pathname && known.search === search && known.hash === hash && known.state === state && known.key === key)
    return known;
  browserLocation = { pathname, search, hash, state, key };
  return browserLocation;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The address `to` names, from `from`: absolute, or only a query or a hash on the same page. */
function resolve(to: To, from: Pick<Location, 'pathname' | 'search'>): string {
  if (typeof to !== 'string') return `${to.pathname ?? from.pathname}${prefixed('?', to.search)}${prefixed('#', to.hash)}`;
  if (to.startsWith('?')) return `${from.pathname}${to}`;
  if (to.startsWith('#')) return `${from.pathname}${from.search}${to}`;
  if (to.startsWith('/')) return to;
  const base = from.pathname.endsWith('/') ? from.pathname : from.pathname.replace(/[^/]*$/, '');
  return `${base}${to}`;
}

const prefixed = (mark: string, part: string | undefined) => (!part ? '' : part.startsWith(mark) ? part : `${mark}${part}`);
const pathOf = (address: string) => address.split(/[?#]/, 1)[0]!;

/** Goes to `to`: in place when it stays on this page (the query or the hash changes), else a new document. */
function navigateTo(to: To | number, { replace = false, state, preventScrollReset = false }: NavigateOptions = {}): void {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const address = resolve(to, window.location);
  if (pathOf(address) === window.location.pathname) {
    const entry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10), idx: 0 };
    if (replace) window.history.replaceState(entry, '', address);
    else window.history.pushState(entry, '', address);
    notify();
    if (!preventScrollReset) scrollToTarget(window.location.hash);
    return;
  }
  if (state !== undefined && state !== null) leaveNavigationState(address, state);
  if (replace) window.location.replace(address);
  else window.location.assign(address);
}

function scrollToTarget(hash: string): void {
  const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

const ServerLocationContext = createContext<Location | null>(null);
const OutletContext = createContext<ReactNode>(null);

/**
 * The page's place in the site: on the server the requested URL, in the browser its location.
 * `page` is what the layout's <Outlet /> shows.
 */
export function SiteRouter({ url, page, children }: { url?: string; page: ReactNode; children: ReactNode }) {
  const serverLocation = useMemo<Location | null>(() => {
    if (!url) return null;
    const { pathname, search, hash } = new URL(url, 'http://localhost');
    return { pathname, search, hash, state: null, key: 'default' };
  }, [url]);
  return (
    <ServerLocationContext value={serverLocation}>
      <OutletContext value={page}>{children}</OutletContext>
    </ServerLocationContext>
  );
}

const noSubscription = () => () => undefined;

export function useLocation(): Location {
  const serverLocation = useContext(ServerLocationContext);
  const browser = useSyncExternalStore(
    inBrowser ? subscribe : noSubscription,
    inBrowser ? readBrowserLocation : () => serverLocation!,
    inBrowser ? readBrowserLocation : () => serverLocation!,
  );
  return serverLocation ?? browser;
}

export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  return useCallback((to: To | number, options?: NavigateOptions) => navigateTo(to, options), []);
}

/** The `/:lng` segment, the one parameter the public pages' routes have. */
export function useParams(): { lng?: string } {
  const segment = useLocation().pathname.split('/')[1];
  return segment ? { lng: segment } : {};
}

type SearchInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback((next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
    const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next);
    navigateTo(`?${value.toString()}`, options);
  }, []);
  return [params, setParams];
}

/** The public pages never wait for a route to load: no progress to show. */
export function useNavigation(): { state: 'idle' } {
  return { state: 'idle' };
}

/** Each page is its own document: the browser restores its scroll itself. */
export function ScrollRestoration(): null {
  return null;
}

export function Outlet(): ReactNode {
  return useContext(OutletContext);
}

export function Navigate({ to, replace, state }: { to: To } & NavigateOptions): null {
  useEffect(() => navigateTo(to, { replace, state }), [to, replace, state]);
  return null;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

// react-router's props that only its own router reads.
interface RouterOnlyProps {
  relative?: unknown;
  viewTransition?: unknown;
  discover?: unknown;
  prefetch?: unknown;
}

export interface LinkProps extends AnchorProps, RouterOnlyProps, NavigateOptions {
  to: To;
  reloadDocument?: boolean;
}

export function Link({
  to,
  state,
  replace,
  reloadDocument,
  onClick,
  target,
  preventScrollReset,
  relative: _relative,
  viewTransition: _viewTransition,
  discover: _discover,
  prefetch: _prefetch,
  ...anchor
}: LinkProps) {
  const location = useLocation();
  const href = resolve(to, location);

  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const plainClick = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    if (event.defaultPrevented || reloadDocument || !plainClick || (target && target !== '_self')) return;
    // A link to another page without state is the browser's to follow.
    const staysHere = pathOf(href) === window.location.pathname;
    if (!staysHere && (state === undefined || state === null) && !replace) return;
    event.preventDefault();
    navigateTo(to, { state, replace, preventScrollReset });
  }

  return <a {...anchor} href={href} target={target} onClick={follow} />;
}

interface NavLinkRenderProps {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  end?: boolean;
  caseSensitive?: boolean;
  className?: string | ((props: NavLinkRenderProps) => string | undefined);
  style?: CSSProperties | ((props: NavLinkRenderProps) => CSSProperties | undefined);
  children?: ReactNode | ((props: NavLinkRenderProps) => ReactNode);
}

/** A link that knows when it points at the current page: `active` class and aria-current, as react-router's. */
export function NavLink({ to, end = false, caseSensitive = false, className, style, children, ...link }: NavLinkProps) {
  const location = useLocation();
  const isActive = pointsAt(pathOf(resolve(to, location)), location.pathname, end, caseSensitive);
  const render: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
  const classes = typeof className === 'function' ? className(render) : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  return (
    <Link
      {...link}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={classes || undefined}
      style={typeof style === 'function' ? style(render) : style}
    >
      {typeof children === 'function' ? children(render) : children}
    </Link>
  );
}

/** react-router's rule: the same path, or (without `end`) a path below it. */
function pointsAt(target: string, current: string, end: boolean, caseSensitive: boolean): boolean {
  const to = caseSensitive ? target : target.toLowerCase();
  const here = caseSensitive ? current : current.toLowerCase();
  if (here === to) return true;
  const slashAt = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  return !end && here.startsWith(to) && here.charAt(slashAt) === '/';
}

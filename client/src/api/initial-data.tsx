import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { INITIAL_DATA_ELEMENT_ID } from '../../../shared/site/public-pages';
import type { SellerIdentity } from '../../../shared/schemas/seller';

/**
 * What the server rendered a page with, given again to its first render in the browser so
 * hydration sees the same data (no second fetch, no layout shift).
 */
export interface InitialData {
  /** GET /api/products as the server read it, when the page shows the catalogue. */
  products?: unknown[];
  /** GET /api/seller as the server knows it: the footer and the legal pages print it. */
  seller?: SellerIdentity;
  /** The languages the support team answers in (SUPPORT_LANGUAGES). */
  supportLanguages?: readonly string[];
  /** What Intl writes on the page (the seller's country, the support languages' list), by key (shared/i18n/intl-names.ts). */
  intlNames?: Record<string, string>;
  /** The render's random draw (the opening-hours message) and its time, in ms: the browser's first render uses them too. */
  random?: number;
  now?: number;
  /** True when the request held no cookie answer: the page was rendered with the cookie banner. */
  consentAsked?: boolean;
}

interface HydrationValue {
  /** True for the server's render and the browser's hydration of it: the render that must match. */
  hydrating: boolean;
  data: InitialData;
}

const NOT_HYDRATING: HydrationValue = { hydrating: false, data: {} };
const HydrationContext = createContext<HydrationValue>(NOT_HYDRATING);
// True by default: a page the browser rendered alone has nothing to match.
const HydratedContext = createContext(true);

/**
 * False on the server and while the browser hydrates its page, true right after (React renders
 * again then) and in a page the browser rendered alone. What only the browser knows (the stored
 * session, the cart, the cookie answer, the visitor's clock) shows once this is true.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** The server's render: it renders what the browser's hydration will. */
export function ServerRenderData({ data, children }: { data: InitialData; children: ReactNode }) {
  return (
    <HydratedContext value={false}>
      <HydrationContext value={{ hydrating: true, data }}>{children}</HydrationContext>
    </HydratedContext>
  );
}

/** The browser: the server's data for the hydration, then normal fetching for every later page. */
export function HydrationData({ data, children }: { data: InitialData | null; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(data === null);
  // The render after the hydration is a transition too: React renders it in slices, so what only
  // the browser knows comes without holding the main thread in one long task.
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return (
    <HydratedContext value={hydrated}>
      <HydrationContext value={data && !hydrated ? { hydrating: true, data } : NOT_HYDRATING}>{children}</HydrationContext>
    </HydratedContext>
  );
}

export function useHydration(): HydrationValue {
  return useContext(HydrationContext);
}

/** The JSON the server wrote into the page for hydration, or null for a page it did not render. */
export function readInitialData(): InitialData | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    return null;
  }
}

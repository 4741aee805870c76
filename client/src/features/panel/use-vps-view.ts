import { useLocation, useSearchParams } from 'react-router-dom';

/** Where focus goes after a move between the list and a detail (router state of that move). */
export type VpsFocus = { focus: 'detail' } | { focus: 'card'; vpsId: number };

/**
 * The open server lives in the URL (?tab=vps&vps=12): a reload or a shared link lands on it and
 * the browser's back button returns to the list. Gives the links for both ways.
 */
export function useVpsView() {
  const [params] = useSearchParams();
  const { pathname, state } = useLocation();
  const raw = params.get('vps');
  const openId = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;

  return {
    openId,
    /** Set only by our own links: a page opened from elsewhere keeps focus where the browser puts it. */
    focus: isVpsFocus(state) ? state : null,
    detailHref: (vpsId: number) => `${pathname}?tab=vps&vps=${vpsId}`,
    listHref: `${pathname}?tab=vps`,
    invoicesHref: `${pathname}?tab=factures`,
  };
}

function isVpsFocus(value: unknown): value is VpsFocus {
  return typeof value === 'object' && value !== null && 'focus' in value;
}

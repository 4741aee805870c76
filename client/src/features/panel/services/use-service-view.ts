import { useLocation, useSearchParams } from 'react-router-dom';

/** Where focus goes after a move between the list and a service (router state of that move). */
export type ServiceFocus = { focus: 'detail' } | { focus: 'card'; serviceId: number };

/**
 * The open service lives in the URL (?tab=services&service=12): a reload or a shared link lands on
 * it, and the browser's back button returns to the list. Gives the links both ways and to a VPS's
 * own page (power, password) in 'Mes VPS'.
 */
export function useServiceView() {
  const [params] = useSearchParams();
  const { pathname, state } = useLocation();
  const raw = params.get('service');
  return {
    openId: raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null,
    focus: isServiceFocus(state) ? state : null,
    detailHref: (serviceId: number) => `${pathname}?tab=services&service=${serviceId}`,
    listHref: `${pathname}?tab=services`,
    vpsHref: (vpsId: number) => `${pathname}?tab=vps&vps=${vpsId}`,
    invoicesHref: `${pathname}?tab=factures`,
  };
}

function isServiceFocus(value: unknown): value is ServiceFocus {
  return typeof value === 'object' && value !== null && 'focus' in value;
}

export const serviceCardLinkId = (serviceId: number) => `service-card-${serviceId}`;

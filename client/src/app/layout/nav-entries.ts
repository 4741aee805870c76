import type { Role } from '../../../../shared/constants';
import type { TranslationKey } from '../../ui/translation-key';

export interface NavEntry {
  id: string;
  label: TranslationKey;
  /** Path after the language segment. */
  path: string;
  /** Spec §6 navigation locks: usable only by role 'admin', shown locked to everyone else. */
  adminOnly?: boolean;
  /** The staff dashboard renders only when reached from inside the site (spec §2 route guard). */
  fromInside?: boolean;
}

export interface NavGroup {
  id: string;
  label: TranslationKey;
  entries: NavEntry[];
}

/** The top-level links: the hosting set (home, Hosting, Support) plus the shop. */
export const NAV_LINKS: (NavEntry & { end?: boolean })[] = [
  { id: 'home', label: 'nav.home', path: '', end: true },
  { id: 'hosting', label: 'nav.hosting', path: 'Hosting' },
  { id: 'shop', label: 'nav.shop', path: 'boutique' },
  { id: 'support', label: 'nav.support', path: 'Support' },
];

/**
 * The hub's services in one submenu: its page, hosting services, HubFive, and the two product lines
 * with no page yet (marketing, cash register). For admins those two open the staff dashboard.
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'services',
    label: 'nav.services',
    entries: [
      { id: 'hub', label: 'nav.hub', path: 'Menu' },
      { id: 'hostingServices', label: 'nav.hostingServices', path: 'Hosting' },
      { id: 'hubfive', label: 'nav.hubfive', path: 'HubFive', adminOnly: true },
      { id: 'marketing', label: 'nav.marketing', path: 'dashboard-admin', adminOnly: true, fromInside: true },
      { id: 'caisseenregistreuse', label: 'nav.caisseenregistreuse', path: 'dashboard-admin', adminOnly: true, fromInside: true },
    ],
  },
];

export function isLocked(entry: NavEntry, role: Role | undefined): boolean {
  return Boolean(entry.adminOnly) && role !== 'admin';
}

import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../shared/constants';
import { useLanguage } from '../../ui/use-language';
import { isLocked, type NavEntry, type NavGroup } from './nav-entries';

interface Props {
  group: NavGroup;
  role: Role | undefined;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
}

/**
 * A disclosure submenu of the main navigation: a button with aria-expanded and the list it controls.
 * A dropdown on desktop, an in-place list in the mobile menu. Closes on Escape (focus back on the
 * button), an outside click, focus leaving it, and navigation (the navbar owns the open state).
 */
export function NavSubmenu({ group, role, open, onToggle, onClose }: Props) {
  const { t } = useTranslation();
  const listId = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const lng = useLanguage();
  const { pathname } = useLocation();
  // The toggle looks current when one of its (open) entries is the page shown.
  const current = group.entries.some((entry) => !isLocked(entry, role) && pathname.toLowerCase() === `/${lng}/${entry.path}`.toLowerCase());

  useEffect(() => {
    if (!open) return;
    const closeIfOutside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) onClose();
    };
    document.addEventListener('pointerdown', closeIfOutside);
    document.addEventListener('focusin', closeIfOutside);
    return () => {
      document.removeEventListener('pointerdown', closeIfOutside);
      document.removeEventListener('focusin', closeIfOutside);
    };
  }, [open, onClose]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation(); // the mobile menu around it stays open
    onClose();
    button.current?.focus();
  }

  return (
    <li className="site-nav__group" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={current ? 'site-nav__link site-nav__toggle site-nav__toggle--current' : 'site-nav__link site-nav__toggle'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
      >
        {t(group.label)}
        <svg className="site-nav__chevron" width="12" height="8" viewBox="0 0 12 8" aria-hidden="true" focusable="false">
          <path d="M1 1.5 6 6.5l5-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={listId} className="site-subnav" hidden={!open}>
        {group.entries.map((entry) => (
          <li key={entry.id}>{isLocked(entry, role) ? <LockedEntry entry={entry} /> : <SubmenuLink entry={entry} />}</li>
        ))}
      </ul>
    </li>
  );
}

function SubmenuLink({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <NavLink className="site-subnav__item" to={`/${lng}/${entry.path}`} state={entry.fromInside ? { fromInside: true } : undefined} end>
      {t(entry.label)}
    </NavLink>
  );
}

/** Not a link: the name, a lock and, for screen readers, the word 'verrouillé'. */
function LockedEntry({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation();
  return (
    <span className="site-subnav__item site-subnav__item--locked" aria-disabled="true" title={t('nav.lockedHint')}>
      {t(entry.label)}
      <span className="visually-hidden"> ({t('nav.locked')})</span>
      <LockIcon />
    </span>
  );
}

function LockIcon() {
  return (
    <svg className="site-subnav__lock" width="14" height="16" viewBox="0 0 14 16" aria-hidden="true" focusable="false">
      <rect x="1.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
      <path d="M4 7V4.8a3 3 0 0 1 6 0V7" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { useLanguage } from '../../ui/use-language';
import { useSession } from '../session/use-session';
import '../../styles/user-menu.css';

/**
 * The logged-in user's dropdown (spec §2): avatar and name on the button; the e-mail, account
 * links and 'Se déconnecter' in the menu. Closes on an outside click, Escape, Tab and navigation.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { logout } = useSession();
  const { pathname } = useLocation();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Open only on the page where it was opened, so following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const focusOnOpen = useRef<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return;
    items(menu.current)
      .at(focusOnOpen.current === 'first' ? 0 : -1)
      ?.focus();
    const closeIfOutside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', closeIfOutside);
    document.addEventListener('focusin', closeIfOutside);
    return () => {
      document.removeEventListener('pointerdown', closeIfOutside);
      document.removeEventListener('focusin', closeIfOutside);
    };
  }, [open]);

  function openMenu(focus: 'first' | 'last') {
    focusOnOpen.current = focus;
    setOpenOn(pathname);
  }

  function close() {
    setOpenOn(null);
    button.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const list = items(menu.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list.at(to % list.length)?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // the mobile menu around it stays open
      close();
    } else if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(-1);
    else if (event.key === 'Tab') setOpenOn(null);
  }

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpenOn(null) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar user={user} />
        <span className="user-menu__name">{user.fullName}</span>
        <svg className="user-menu__chevron" width="12" height="8" viewBox="0 0 12 8" aria-hidden="true" focusable="false">
          <path d="M1 1.5 6 6.5l5-5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div ref={menu} id={menuId} className="user-menu__menu" role="menu" aria-label={user.fullName} onKeyDown={onMenuKeyDown}>
          <div className="user-menu__identity" role="none">
            <span className="user-menu__identity-name">{user.fullName}</span>
            <span className="user-menu__email">{user.email}</span>
          </div>
          {!user.emailVerified && (
            <Link role="menuitem" tabIndex={-1} className="user-menu__item user-menu__item--notice" to={`/${lng}/verify-email`}>
              {t('usermenu.unverified')}
            </Link>
          )}
          <Link role="menuitem" tabIndex={-1} className="user-menu__item" to={`/${lng}/profile`}>
            {t('usermenu.profile')}
          </Link>
          <Link role="menuitem" tabIndex={-1} className="user-menu__item" to={`/${lng}/settings`}>
            {t('usermenu.settings')}
          </Link>
          <Link role="menuitem" tabIndex={-1} className="user-menu__item" to={`/${lng}/PanelCLient`}>
            {t('usermenu.panel')}
          </Link>
          <Link role="menuitem" tabIndex={-1} className="user-menu__item" to={`/${lng}/dashboard-admin`} state={{ fromInside: true }}>
            {t('usermenu.supportPanel')}
          </Link>
          <div className="user-menu__separator" role="separator" />
          <button role="menuitem" tabIndex={-1} type="button" className="user-menu__item user-menu__item--logout" onClick={logout}>
            {t('usermenu.logout')}
          </button>
        </div>
      )}
    </div>
  );
}

function items(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

/** The user's picture, or the first letter of the name on a coloured disc. */
function Avatar({ user }: { user: SessionUser }) {
  const [broken, setBroken] = useState<string | null>(null);
  const initial = (user.fullName.trim().charAt(0) || user.email.charAt(0) || '?').toUpperCase();
  if (user.avatarUrl && broken !== user.avatarUrl) {
    return <img className="avatar" src={user.avatarUrl} alt="" width="32" height="32" onError={() => setBroken(user.avatarUrl)} />;
  }
  return (
    <span className="avatar avatar--initial" aria-hidden="true">
      {initial}
    </span>
  );
}

import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CartIcon } from '../../ui/cart-icon';
import { useLanguage } from '../../ui/use-language';
import { useCart } from '../cart/cart-context';
import { useSessionContext } from '../session/session-context';
import { LanguageSwitcher } from './language-switcher';
import { NAV_GROUPS, NAV_LINKS } from './nav-entries';
import { NavSubmenu } from './nav-submenu';
import { UserMenu } from './user-menu';
import '../../styles/navbar.css';
import '../../styles/navbar-submenu.css';
import '../../styles/navbar-responsive.css';

const MENU_ID = 'site-menu';

export function Navbar() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { pathname } = useLocation();
  const { user } = useSessionContext();
  const { lineCount } = useCart();
  const toggle = useRef<HTMLButtonElement>(null);
  // The mobile menu and the submenus are open only on the page where they were opened,
  // so any navigation closes them.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const [submenu, setSubmenu] = useState<{ id: string; on: string } | null>(null);
  const openSubmenu = submenu?.on === pathname ? submenu.id : null;
  const closeSubmenu = useCallback(() => setSubmenu(null), []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    setOpenOn(null);
    toggle.current?.focus();
  }

  return (
    <header className="site-header" onKeyDown={onKeyDown}>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <div className="container site-header__bar">
        <Link className="brand" to={`/${lng}/`}>
          <img className="brand__logo" src="/logo.svg" alt="" width="36" height="36" />
          <span className="brand__name">{t('brand.name')}</span>
        </Link>
        {/* Outside the folding menu: the cart and what it holds stay in sight on every page and width. */}
        <NavLink className="header-cart" to={`/${lng}/Cart`} aria-label={t('shop.cartLink', { count: lineCount })}>
          <CartIcon />
          <span className="header-cart__label" aria-hidden="true">
            {t('cart.title')}
          </span>
          <span className={lineCount > 0 ? 'header-cart__count header-cart__count--full' : 'header-cart__count'} aria-hidden="true">
            {lineCount}
          </span>
        </NavLink>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={MENU_ID}
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span className={open ? 'menu-toggle__icon menu-toggle__icon--open' : 'menu-toggle__icon'} />
        </button>
        <div id={MENU_ID} className={open ? 'site-menu site-menu--open' : 'site-menu'}>
          <nav aria-label={t('nav.main')}>
            <ul className="site-nav">
              {NAV_LINKS.map((link) => (
                <li key={link.id} className={`site-nav__item site-nav__item--${link.id}`}>
                  <NavLink className="site-nav__link" to={`/${lng}/${link.path}`} end={link.end}>
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
              {NAV_GROUPS.map((group) => (
                <NavSubmenu
                  key={group.id}
                  group={group}
                  role={user?.role}
                  open={openSubmenu === group.id}
                  onToggle={() => setSubmenu(openSubmenu === group.id ? null : { id: group.id, on: pathname })}
                  onClose={closeSubmenu}
                />
              ))}
            </ul>
          </nav>
          <div className="site-menu__actions">
            <LanguageSwitcher />
            {user ? (
              <UserMenu user={user} />
            ) : (
              // fromInside: the login route guard (spec §2) only renders for visitors coming from the site.
              <Link className="button button--primary button--small" to={`/${lng}/login`} state={{ fromInside: true }}>
                {t('nav.login')}
              </Link>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';
import { useSessionContext } from '../session/session-context';
import { LanguageSwitcher } from './language-switcher';
import { UserMenu } from './user-menu';
import '../../styles/navbar.css';
import '../../styles/navbar-responsive.css';

const MENU_ID = 'site-menu';

export function Navbar() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { pathname } = useLocation();
  const { user } = useSessionContext();
  // The mobile menu is open only on the page where it was opened, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  const links = [
    { to: `/${lng}/`, label: t('nav.home'), end: true },
    { to: `/${lng}/Hosting`, label: t('nav.hosting'), end: false },
    { to: `/${lng}/boutique`, label: t('nav.shop'), end: false },
    { to: `/${lng}/Support`, label: t('nav.support'), end: false },
  ];

  return (
    <header className="site-header" onKeyDown={(e) => e.key === 'Escape' && setOpenOn(null)}>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <div className="container site-header__bar">
        <Link className="brand" to={`/${lng}/`}>
          <img className="brand__logo" src="/logo.svg" alt="" width="36" height="36" />
          <span className="brand__name">{t('brand.name')}</span>
        </Link>
        <button
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
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink className="site-nav__link" to={link.to} end={link.end}>
                    {link.label}
                  </NavLink>
                </li>
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

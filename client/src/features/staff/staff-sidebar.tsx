import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { categoriesFor, parseCategoryId } from '../../../../shared/staff/permissions';
import { useLanguage } from '../../ui/use-language';
import { areaOf, categoryLabelKey, categoryPath, dashboardPath, INSIDE_STATE } from './staff-categories';
import { useStaff } from './staff-context';
import { StaffIcon } from './staff-icons';

/**
 * The categories this role sees, and only those (spec §6 "Staff roles"). From 768 px a sidebar; on a
 * phone one "Menu" button naming where staff are, which opens the list (issue 34: the wrapped links
 * took the first 250 px of every page). Following a link closes it.
 */
export function StaffSidebar() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { role } = useStaff();
  const { pathname, key } = useLocation();
  // Open for the page it was opened on: any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === key;
  const categories = categoriesFor(role);
  const shown = parseCategoryId(pathname.split('/').pop());
  const current = shown !== null && categories.includes(shown) ? t(categoryLabelKey(areaOf(shown))) : t('staff.nav.home');
  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'staff-nav__link staff-nav__link--active' : 'staff-nav__link');

  return (
    <nav className="staff-nav" aria-label={t('staff.nav.label')}>
      <button
        type="button"
        className="staff-nav__toggle"
        aria-expanded={open}
        aria-controls="staff-nav-list"
        onClick={() => setOpenAt(open ? null : key)}
      >
        <StaffIcon name="menu" />
        <span className="staff-nav__toggle-label">{t('staff.nav.menu')}</span>
        <span className="staff-nav__toggle-current">{current}</span>
      </button>
      <ul id="staff-nav-list" className={open ? 'staff-nav__list staff-nav__list--open' : 'staff-nav__list'}>
        <li>
          <NavLink to={dashboardPath(lng)} state={INSIDE_STATE} end className={linkClass}>
            <StaffIcon name="home" />
            <span>{t('staff.nav.home')}</span>
          </NavLink>
        </li>
        {categories.map((id) => (
          <li key={id}>
            <NavLink to={categoryPath(lng, id)} state={INSIDE_STATE} className={linkClass}>
              <StaffIcon name={areaOf(id)} />
              <span>{t(categoryLabelKey(areaOf(id)))}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

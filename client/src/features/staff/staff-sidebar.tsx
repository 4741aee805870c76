import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { categoriesFor } from '../../../../shared/staff/permissions';
import { useLanguage } from '../../ui/use-language';
import { areaOf, categoryLabelKey, categoryPath, dashboardPath, INSIDE_STATE } from './staff-categories';
import { useStaff } from './staff-context';
import { StaffIcon } from './staff-icons';

/** The categories this role sees, and only those (spec §6 "Staff roles"). */
export function StaffSidebar() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { role } = useStaff();
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);

  // On a phone the categories are a sideways-scrolling row: bring the open one into view. Only the
  // row's own scroll moves (never the page), and it does nothing when the row does not scroll.
  useEffect(() => {
    // After layout (the dashboard's styles arrive with its code).
    const frame = requestAnimationFrame(() => {
      const row = list.current;
      const active = row?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!row || !active || row.scrollWidth <= row.clientWidth) return;
      const rowBox = row.getBoundingClientRect();
      const box = active.getBoundingClientRect();
      row.scrollLeft += box.left - rowBox.left - (rowBox.width - box.width) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'staff-nav__link staff-nav__link--active' : 'staff-nav__link');

  return (
    <nav className="staff-nav" aria-label={t('staff.nav.label')}>
      <ul className="staff-nav__list" ref={list}>
        <li>
          <NavLink to={dashboardPath(lng)} state={INSIDE_STATE} end className={linkClass}>
            <StaffIcon name="home" />
            <span>{t('staff.nav.home')}</span>
          </NavLink>
        </li>
        {categoriesFor(role).map((id) => (
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

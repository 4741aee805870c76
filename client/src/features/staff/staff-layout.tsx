import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { categoriesFor, parseCategoryId } from '../../../../shared/staff/permissions';
import { areaOf, categoryLabelKey } from './staff-categories';
import { DutySwitch } from './duty-switch';
import { CategoryContent } from './category-content';
import { DeliveriesBanner } from './deliveries/deliveries-banner';
import { useStaff } from './staff-context';
import { StaffIcon } from './staff-icons';
import { StaffProfile } from './staff-profile';
import { StaffSidebar } from './staff-sidebar';

/** Top bar (role, duty, profile toggle), sidebar of categories, deliveries to take up (issue 31), and the chosen category. */
export function StaffLayout({ category }: { category: string | undefined }) {
  const { t } = useTranslation();
  const { user, role } = useStaff();
  const location = useLocation();
  // The profile is open for the page it was opened on: following any link closes it.
  const [profileAt, setProfileAt] = useState<string | null>(null);
  const showProfile = profileAt === location.key;
  // The tab names where staff are: the open category (or profile), then the dashboard.
  const parsed = parseCategoryId(category);
  const id = parsed !== null && categoriesFor(role).includes(parsed) ? parsed : null;
  const where = showProfile ? t('staff.nav.profile') : id !== null ? t(categoryLabelKey(areaOf(id))) : null;
  const pageTitle = [where, t('dashboard.title'), t('brand.name')].filter(Boolean).join(' · ');

  return (
    <div className="staff-shell">
      <title>{pageTitle}</title>
      <header className="staff-topbar">
        <div className="staff-topbar__who">
          <p className="staff-topbar__title">{t('dashboard.title')}</p>
          <p className="staff-topbar__user">
            {user.fullName} · <span className={`role-badge role-badge--${role}`}>{t(`staff.roles.${role}`)}</span>
          </p>
        </div>
        <div className="staff-topbar__actions">
          {role === 'support' && <DutySwitch />}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setProfileAt(showProfile ? null : location.key)}
          >
            <StaffIcon name={showProfile ? 'home' : 'profile'} size={18} />
            {showProfile ? t('staff.nav.back') : t('staff.nav.profile')}
          </button>
        </div>
      </header>
      <div className="staff-body">
        <StaffSidebar />
        <div className="staff-main">
          <DeliveriesBanner />
          {showProfile ? <StaffProfile /> : <CategoryContent category={category} />}
        </div>
      </div>
    </div>
  );
}

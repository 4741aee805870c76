import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { categoriesFor } from '../../../../shared/staff/permissions';
import { useLanguage } from '../../ui/use-language';
import { areaOf, categoryLabelKey, categoryPath, INSIDE_STATE } from './staff-categories';
import { useStaff } from './staff-context';
import { StaffIcon } from './staff-icons';

/** The dashboard without a category: who is here, in which role, and where to go (spec §2). */
export function WelcomePanel() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { user, role } = useStaff();
  return (
    <section className="staff-panel" aria-labelledby="staff-welcome-title">
      <h1 id="staff-welcome-title" className="staff-panel__title">
        {t('staff.welcome.title', { name: user.fullName })}
      </h1>
      <p className="staff-welcome__role">{t('staff.welcome.role', { role: t(`staff.roles.${role}`) })}</p>
      <p className="staff-welcome__intro">{t('staff.welcome.intro')}</p>
      <ul className="staff-welcome__grid">
        {categoriesFor(role).map((id) => (
          <li key={id}>
            <Link className="staff-welcome__card" to={categoryPath(lng, id)} state={INSIDE_STATE}>
              <StaffIcon name={areaOf(id)} size={26} />
              <span>{t(categoryLabelKey(areaOf(id)))}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';
import { StaffCard } from './staff-card';

/** The dashboard needs a session first: a login link that comes back here. */
export function StaffLoggedOut() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { pathname } = useLocation();
  return (
    <StaffCard title={t('dashboard.title')} intro={t('staff.loggedOut')}>
      {/* Login renders only for visitors coming from the site; it brings them back to the dashboard. */}
      <Link className="button button--primary button--block" to={`/${lng}/login`} state={{ fromInside: true, from: pathname }}>
        {t('staff.login')}
      </Link>
    </StaffCard>
  );
}

/** A customer account: the back-office is not theirs (the server refuses it anyway). */
export function StaffOnly() {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <StaffCard title={t('dashboard.title')} intro={t('staff.notStaff')}>
      <Link className="button button--primary button--block" to={`/${lng}/`}>
        {t('staff.backHome')}
      </Link>
    </StaffCard>
  );
}

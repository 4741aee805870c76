import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';
import { ReturnCard } from './return-card';
import { WaitingIcon } from './return-icons';

/** The order is only readable with the session: log in, then come back to this very URL. */
export function LoginNeeded() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { pathname, search } = useLocation();
  return (
    <ReturnCard title={t('paymentReturn.waitingTitle')} icon={<WaitingIcon />}>
      <p className="auth-card__intro">{t('paymentReturn.loginNeeded')}</p>
      {/* The login route renders only for visitors coming from the site; it brings them back here. */}
      <Link className="button button--primary button--block" to={`/${lng}/login`} state={{ fromInside: true, from: pathname + search }}>
        {t('paymentReturn.login')}
      </Link>
    </ReturnCard>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';
import '../../styles/auth.css';
import { PageTitle } from '../../ui/page-title';

/** Spec §2: the bank-transfer page needs a session; the login brings the customer back here. */
export function LoginNeeded() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const title = t('payment.title');
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="payment-login-title">
        <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
        <header className="auth-card__header">
          <h1 id="payment-login-title" className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__intro">{t('payment.loginRequired')}</p>
        </header>
        {/* The login route renders only for visitors coming from the site (spec §2 route guard). */}
        <Link className="button button--primary button--block" to={`/${lng}/login`} state={{ fromInside: true, from: `/${lng}/payment` }}>
          {t('payment.login')}
        </Link>
      </section>
    </div>
  );
}

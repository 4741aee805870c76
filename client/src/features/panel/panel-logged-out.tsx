import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';
import '../../styles/auth.css';
import { PageTitle } from '../../ui/page-title';

/** The panel needs the session: a short text and a login link that comes back to this tab. */
export function PanelLoggedOut() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { pathname, search } = useLocation();
  const title = t('panel.title');

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="panel-title">
        <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
        <header className="auth-card__header">
          <h1 id="panel-title" className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__intro">{t('panel.loggedOut')}</p>
        </header>
        {/* The login route renders only for visitors coming from the site; it brings them back here. */}
        <Link className="button button--primary button--block" to={`/${lng}/login`} state={{ fromInside: true, from: pathname + search }}>
          {t('panel.login')}
        </Link>
      </section>
    </div>
  );
}

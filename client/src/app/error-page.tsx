import { useEffect } from 'react';
import { Link, useLocation, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages';
import { languageFromPath } from './language-from-path';
import '../styles/placeholder.css';
import { PageTitle } from '../ui/page-title';

/** Router error boundary (spec §8: 'Unexpected Application Error!'). */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const lng = languageFromPath(pathname) ?? DEFAULT_LANGUAGE;

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section className="page-card" role="alert">
      <PageTitle>{`${t('errors.unexpected')} · ${t('brand.name')}`}</PageTitle>
      <h1 className="page-card__title">{t('errors.unexpected')}</h1>
      <p className="page-card__text">{t('errors.unexpectedHint')}</p>
      {/* A full reload: the broken state (e.g. a stale chunk after a deploy) is left behind. */}
      <Link className="button button--primary" to={`/${lng}/`} reloadDocument>
        {t('placeholder.backHome')}
      </Link>
    </section>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './use-language';
import type { TranslationKey } from './translation-key';
import '../styles/placeholder.css';
import { PageTitle } from './page-title';

interface Props {
  titleKey: TranslationKey;
  /** The spec's own placeholder pages show only the back-home link; the title stays for screen readers. */
  linkOnly?: boolean;
}

/** A page that is not built yet: its title and a way back home, nothing else. */
export function PlaceholderPage({ titleKey, linkOnly = false }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const title = t(titleKey);

  return (
    <section className="page-card">
      <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
      <h1 className={linkOnly ? 'visually-hidden' : 'page-card__title'}>{title}</h1>
      <Link className="button button--primary" to={`/${lng}/`}>
        {t('placeholder.backHome')}
      </Link>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';
import { LEGAL_UPDATED_ON, LEGAL_VALUES } from './company';
import { LEGAL_SECTIONS, type LegalDoc } from './legal-documents';
import { LegalText } from './legal-text';
import '../../styles/legal.css';

/** A legal page: title, date, introduction, a table of contents, then the numbered sections. */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const title = t(`legal.${doc}.title`);
  const sections = LEGAL_SECTIONS[doc];
  const updated = new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(new Date(`${LEGAL_UPDATED_ON}T12:00:00`));
  const anchor = (key: string) => `${doc}-${key}`;

  return (
    <article className="legal">
      <title>{`${title} · ${t('brand.name')}`}</title>
      <header className="legal__header">
        <div className="container legal__container">
          <h1 className="legal__title">{title}</h1>
          <p className="legal__updated">{t('legal.updated', { date: updated })}</p>
          <p className="legal__intro">{t(`legal.${doc}.intro`, LEGAL_VALUES)}</p>
        </div>
      </header>
      <div className="container legal__container legal__body">
        <nav className="legal-toc" aria-labelledby={`${doc}-toc`}>
          <h2 id={`${doc}-toc`} className="legal-toc__title">
            {t('legal.toc')}
          </h2>
          <ol className="legal-toc__list">
            {sections.map((key) => (
              <li key={key}>
                <a href={`#${anchor(key)}`}>{t(`legal.${doc}.sections.${key}.title`)}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((key, index) => (
          <section key={key} id={anchor(key)} className="legal-section" aria-labelledby={`${anchor(key)}-title`}>
            <h2 id={`${anchor(key)}-title`} className="legal-section__title">
              <span className="legal-section__number">{index + 1}.</span> {t(`legal.${doc}.sections.${key}.title`)}
            </h2>
            <LegalText text={t(`legal.${doc}.sections.${key}.body`, LEGAL_VALUES)} />
          </section>
        ))}
      </div>
    </article>
  );
}

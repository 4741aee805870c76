import { useTranslation } from 'react-i18next';
import { useSeller } from '../../api/use-seller';
import { sellerValues } from '../../ui/seller/seller-values';
import { useLanguage } from '../../ui/use-language';
import { LEGAL_DELAYS, LEGAL_UPDATED_ON } from './legal-values';
import { LEGAL_SECTIONS, type LegalDoc } from './legal-documents';
import { LegalText } from './legal-text';
import '../../styles/legal.css';
import { PageTitle } from '../../ui/page-title';

/** A legal page: title, date, introduction, a table of contents, then the numbered sections. */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const seller = useSeller();
  const title = t(`legal.${doc}.title`);
  const sections = LEGAL_SECTIONS[doc];
  const updated = new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(new Date(`${LEGAL_UPDATED_ON}T12:00:00`));
  const anchor = (key: string) => `${doc}-${key}`;
  // Who sells, as the server is configured: until the app has it, no text names a company.
  const values = seller && { ...sellerValues(seller, t, lng), ...LEGAL_DELAYS };
  const body = (key: string) => {
    const text = t(`legal.${doc}.sections.${key}.body`, values);
    // The legal notice lists the phone only when the company gave one.
    return doc === 'notice' && key === 'publisher' && seller?.phone ? `${text}\n${t('legal.notice.phone', values)}` : text;
  };

  return (
    <article className="legal">
      <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
      <header className="legal__header">
        <div className="container legal__container">
          <h1 className="legal__title">{title}</h1>
          <p className="legal__updated">{t('legal.updated', { date: updated })}</p>
          {values && <p className="legal__intro">{t(`legal.${doc}.intro`, values)}</p>}
        </div>
      </header>
      {values ? (
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
              <LegalText text={body(key)} />
            </section>
          ))}
        </div>
      ) : (
        <p className="container legal__container status-line" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('legal.loading')}
        </p>
      )}
    </article>
  );
}

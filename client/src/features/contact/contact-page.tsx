import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';
import { ContactForm } from './contact-form';
import '../../styles/forms.css';
import '../../styles/auth.css';
import '../../styles/support.css';

/** /{lng}/contact: a form that opens a support ticket (DESIGN.md §3). */
export function ContactPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const title = t('contact.title');

  return (
    <div className="auth-page">
      <section className="auth-card auth-card--wide" aria-labelledby="contact-title">
        <title>{`${title} · ${t('brand.name')}`}</title>
        <header className="auth-card__header">
          <h1 id="contact-title" className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__intro">{t('contact.intro')}</p>
        </header>
        <ContactForm />
        <footer className="auth-card__footer">
          <span>{t('contact.supportHint')}</span>
          <Link to={`/${lng}/Support`}>{t('contact.supportLink')}</Link>
        </footer>
      </section>
    </div>
  );
}

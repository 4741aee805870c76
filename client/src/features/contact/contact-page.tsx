import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSeller } from '../../api/use-seller';
import { sellerValues, telHref } from '../../ui/seller/seller-values';
import { useLanguage } from '../../ui/use-language';
import { ContactForm } from './contact-form';
import '../../styles/forms.css';
import '../../styles/auth.css';
import '../../styles/support.css';
import '../../styles/contact.css';
import { PageTitle } from '../../ui/page-title';

/** /{lng}/contact: a form that opens a support ticket (DESIGN.md §3). */
export function ContactPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const title = t('contact.title');

  return (
    <div className="auth-page">
      <section className="auth-card auth-card--wide" aria-labelledby="contact-title">
        <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
        <header className="auth-card__header">
          <h1 id="contact-title" className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__intro">{t('contact.intro')}</p>
        </header>
        <ContactForm />
        <SellerContact />
        <footer className="auth-card__footer">
          <span>{t('contact.supportHint')}</span>
          <Link to={`/${lng}/Support`}>{t('contact.supportLink')}</Link>
        </footer>
      </section>
    </div>
  );
}

/** The seller's mailbox, phone and address beside the form: the same identity as the legal notice. */
function SellerContact() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const seller = useSeller();
  if (!seller) return null;
  const values = sellerValues(seller, t, lng);
  return (
    <section className="contact-direct" aria-labelledby="contact-direct-title">
      <h2 id="contact-direct-title" className="contact-direct__title">
        {t('contact.directTitle')}
      </h2>
      <dl className="contact-direct__list">
        <div>
          <dt>{t('contact.emailLabel')}</dt>
          <dd>
            <a href={`mailto:${seller.email}`}>{seller.email}</a>
          </dd>
        </div>
        {seller.phone && (
          <div>
            <dt>{t('contact.phoneLabel')}</dt>
            <dd>
              <a href={telHref(seller.phone)}>{seller.phone}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('contact.addressLabel')}</dt>
          <dd>
            {seller.name}, {t('footer.seller.address', values)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

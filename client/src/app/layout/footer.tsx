import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSeller } from '../../api/use-seller';
import { sellerValues, telHref } from '../../ui/seller/seller-values';
import { useLanguage } from '../../ui/use-language';
import type { TranslationKey } from '../../ui/translation-key';
import { SOCIAL_LINKS } from './social-links';
import '../../styles/footer.css';

// The legal pages' own titles, kept with the footer: the legal texts load only on those pages.
const LEGAL_LINKS: { path: string; label: TranslationKey }[] = [
  { path: 'conditions-generales', label: 'footer.terms' },
  { path: 'politique-confidentialite', label: 'footer.privacy' },
  { path: 'mentions-legales', label: 'footer.notice' },
  { path: 'conditions-payment', label: 'footer.paymentTerms' },
  { path: 'politique-cookies', label: 'footer.cookiePolicy' },
];

const HELP_LINKS: { path: string; label: TranslationKey }[] = [
  { path: 'contact', label: 'footer.contact' },
  { path: 'Informations', label: 'footer.hours' },
  { path: 'Support', label: 'footer.support' },
];

export function Footer() {
  const { t } = useTranslation();
  const lng = useLanguage();

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Link className="brand" to={`/${lng}/`}>
            <img className="brand__logo" src="/logo.svg" alt="" width="32" height="32" />
            <span className="brand__name">{t('brand.name')}</span>
          </Link>
          <p className="site-footer__tagline">{t('brand.tagline')}</p>
          <SellerIdentityBlock />
        </div>
        <FooterColumn heading={t('footer.legalHeading')}>
          {LEGAL_LINKS.map((link) => (
            <li key={link.path}>
              <Link to={`/${lng}/${link.path}`}>{t(link.label)}</Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn heading={t('footer.helpHeading')}>
          {HELP_LINKS.map((link) => (
            <li key={link.path}>
              <Link to={`/${lng}/${link.path}`}>{t(link.label)}</Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn heading={t('footer.followHeading')}>
          {SOCIAL_LINKS.map((link) => (
            <li key={link.id}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {t(`footer.${link.id}`)}
                <span className="visually-hidden"> ({t('footer.newTab')})</span>
                <ExternalIcon />
              </a>
            </li>
          ))}
        </FooterColumn>
      </div>
      <div className="site-footer__bottom">
        <p className="container">{t('footer.copyright', { year: new Date().getFullYear(), brand: t('brand.name') })}</p>
      </div>
    </footer>
  );
}

/** Who sells, as the legal notice and the invoices name it (one configuration, GET /api/seller). */
function SellerIdentityBlock() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const seller = useSeller();
  if (!seller) return null;
  const values = sellerValues(seller, t, lng);
  return (
    <address className="site-footer__seller" aria-label={t('footer.seller.label')}>
      <span className="site-footer__seller-name">{seller.name}</span>
      <span>{t('footer.seller.address', values)}</span>
      <span>{t('footer.seller.enterprise', values)}</span>
      <span>{t('footer.seller.vat', values)}</span>
      <a href={`mailto:${seller.email}`}>{seller.email}</a>
      {seller.phone && <a href={telHref(seller.phone)}>{seller.phone}</a>}
    </address>
  );
}

function FooterColumn({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <nav className="site-footer__column" aria-label={heading}>
      <h2 className="site-footer__heading">{heading}</h2>
      <ul className="site-footer__list">{children}</ul>
    </nav>
  );
}

function ExternalIcon() {
  return (
    <svg className="external-icon" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M4.5 2.5h5v5M9.5 2.5 3 9" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

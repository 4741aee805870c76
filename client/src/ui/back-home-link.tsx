import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './use-language';
import '../styles/back-link.css';

/** "Back to home" with an arrow, for pages that open on their own (hub, opening hours). */
export function BackHomeLink({ className = 'back-link' }: { className?: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <Link className={className} to={`/${lng}/`}>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('placeholder.backHome')}
    </Link>
  );
}

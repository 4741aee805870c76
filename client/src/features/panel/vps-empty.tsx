import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';

/** No server delivered yet: when they come, and a way to the shop. */
export function VpsEmpty() {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <div className="panel-empty">
      <ServerIcon />
      <h2 className="panel-empty__title">{t('panel.vps.emptyTitle')}</h2>
      <p className="panel-empty__text">{t('panel.vps.empty')}</p>
      <Link className="button button--primary" to={`/${lng}/boutique`}>
        {t('panel.vps.shopLink')}
      </Link>
    </div>
  );
}

function ServerIcon() {
  return (
    <svg className="panel-empty__icon" width="48" height="48" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3.5" y="4" width="17" height="6.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="3.5" y="13.5" width="17" height="6.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="7.5" cy="7.25" r="1" fill="currentColor" />
      <circle cx="7.5" cy="16.75" r="1" fill="currentColor" />
      <path d="M12 7.25h5M12 16.75h5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

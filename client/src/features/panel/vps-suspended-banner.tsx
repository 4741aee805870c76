import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useVpsView } from './use-vps-view';

/** A server suspended for an unpaid renewal: why, and where to pay (the invoices tab). */
export function VpsSuspendedBanner({ name }: { name: string }) {
  const { t } = useTranslation();
  const { invoicesHref } = useVpsView();
  return (
    <div className="vps-suspended" role="note">
      <WarningIcon />
      <div className="vps-suspended__body">
        <p className="vps-suspended__title">{t('panel.vps.suspendedTitle', { name })}</p>
        <p className="vps-suspended__text">{t('panel.vps.suspendedText')}</p>
        <Link className="vps-suspended__link" to={invoicesHref}>
          {t('panel.vps.suspendedLink')}
        </Link>
      </div>
    </div>
  );
}

function WarningIcon() {
  return (
    <svg className="vps-suspended__icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 3 2 20.5h20L12 3Z" fill="currentColor" />
      <path d="M12 9.5v5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="17.4" r="1.1" fill="#fff" />
    </svg>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useServiceView, type ServiceFocus } from './use-service-view';

/** Back to the list; focus returns to the card of the service we were on. */
export function ServiceBackLink({ fromServiceId }: { fromServiceId: number }) {
  const { t } = useTranslation();
  const { listHref } = useServiceView();
  const toCard: ServiceFocus = { focus: 'card', serviceId: fromServiceId };
  return (
    <Link className="vps-back" to={listHref} state={toCard} preventScrollReset>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M10 3.5 5.5 8l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('panel.services.back')}
    </Link>
  );
}

import { useTranslation } from 'react-i18next';
import type { ServiceStatus } from '../../../../../shared/constants';

/** A service's state in a word ("Installation en cours…"); the dot pulses while it installs. */
export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`service-status service-status--${status}`}>
      <span className="service-status__dot" aria-hidden="true" />
      {t(`panel.services.status.${status}`)}
    </span>
  );
}

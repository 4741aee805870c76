import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { formatLongDate } from '../../../ui/format-long-date';
import { useLanguage } from '../../../ui/use-language';
import { useServiceView } from './use-service-view';

/**
 * What the state means for the customer: installing (online in minutes), prepared by our team
 * (an automatic delivery that did not finish, or a product delivered by hand), suspended (pay the
 * renewal), or ending at the end of its term.
 */
export function ServiceNote({ service }: { service: ServiceDto }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { invoicesHref } = useServiceView();
  const { status, period } = service;

  if (status === 'provisioning') return <p className="service-note">{t('panel.services.note.provisioning')}</p>;
  if (status === 'needs_staff') return <p className="service-note">{t(`panel.services.note.needsStaff.${service.delivery}`)}</p>;
  if (status === 'terminated') return null;
  return (
    <>
      {status === 'suspended' && (
        <p className="service-note service-note--warning">
          {t('panel.services.note.suspended')}{' '}
          <Link to={invoicesHref} className="service-note__link">
            {t('panel.services.note.suspendedLink')}
          </Link>
        </p>
      )}
      {period.endsAtTerm && (
        <p className="service-note service-note--ending">
          {period.expiresAt
            ? t('panel.services.note.endsAtTerm', { date: formatLongDate(period.expiresAt, lng) })
            : t('panel.services.note.endsAtTermNoDate')}
        </p>
      )}
    </>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { ServiceEndActions } from './service-end-actions';
import { ServiceFacts } from './service-facts';
import { ServiceNote } from './service-note';
import { ServiceStatusBadge } from './service-status-badge';
import { serviceCardLinkId, useServiceView, type ServiceFocus } from './use-service-view';

/** One thing the customer owns: what it is, its state, its choice, its term, where to connect, and its end. */
export function ServiceCard({ service }: { service: ServiceDto }) {
  const { t } = useTranslation();
  const { detailHref } = useServiceView();
  const toDetail: ServiceFocus = { focus: 'detail' };
  const titleId = `service-${service.id}-title`;

  return (
    <li className={`service-card service-card--${service.status}`} aria-labelledby={titleId}>
      <div className="service-card__head">
        <div className="service-card__name">
          <p className="service-card__kind">{t(`panel.services.kind.${service.kind}`)}</p>
          <h3 id={titleId} className="service-card__title">
            {service.product.name}
          </h3>
        </div>
        <ServiceStatusBadge status={service.status} />
      </div>
      <ServiceNote service={service} />
      <ServiceFacts service={service} />
      <div className="service-card__foot">
        <Link
          id={serviceCardLinkId(service.id)}
          className="service-card__details"
          to={detailHref(service.id)}
          state={toDetail}
          preventScrollReset
          aria-label={t('panel.services.detailsOf', { name: service.product.name })}
        >
          {t('panel.services.details')}
        </Link>
        <ServiceEndActions service={service} />
      </div>
    </li>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { ServiceCard } from './service-card';
import { serviceCardLinkId, useServiceView } from './use-service-view';

/** Every service as a card, newest first; updated in place by each refresh (keyed by id). */
export function ServicesList({ services, stale }: { services: readonly ServiceDto[]; stale: boolean }) {
  const { t } = useTranslation();
  const { focus } = useServiceView();
  const returnTo = focus?.focus === 'card' ? focus.serviceId : null;

  // Back from a service: focus lands on the card it came from, so keyboard users keep their place.
  useEffect(() => {
    if (returnTo !== null) document.getElementById(serviceCardLinkId(returnTo))?.focus();
  }, [returnTo]);

  return (
    <section className="services-section" aria-labelledby="services-list-title">
      <h2 id="services-list-title" className="vps-list-section__title">
        {t('panel.services.listTitle')}
      </h2>
      {stale && (
        <p className="panel-stale" role="status">
          {t('panel.services.refreshFailed')}
        </p>
      )}
      <ul className="service-list">
        {services.map((service) => (
          <ServiceCard key={service.id} service={service} />
        ))}
      </ul>
    </section>
  );
}

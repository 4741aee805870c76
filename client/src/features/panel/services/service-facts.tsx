import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { formatLongDate } from '../../../ui/format-long-date';
import { useLanguage } from '../../../ui/use-language';
import { ServiceConnection } from './service-connection';

/**
 * The facts of a service: what the customer chose (system or game version), until when it runs,
 * and where to connect. `more` adds the order and its dates (the service's own view).
 */
export function ServiceFacts({ service, more = false }: { service: ServiceDto; more?: boolean }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const date = (iso: string) => <time dateTime={iso}>{formatLongDate(iso, lng)}</time>;
  const { period } = service;

  return (
    <dl className="service-facts">
      {service.os && <Fact label={t('panel.services.facts.system')}>{service.os.name}</Fact>}
      {service.variant && <Fact label={t('panel.services.facts.variant')}>{service.variant.name}</Fact>}
      {service.status === 'terminated' && service.terminatedAt ? (
        <Fact label={t('panel.services.facts.terminatedOn')}>{date(service.terminatedAt)}</Fact>
      ) : period.expiresAt ? (
        <Fact label={t(period.endsAtTerm ? 'panel.services.facts.endsOn' : 'panel.services.facts.paidUntil')}>
          {date(period.expiresAt)}
        </Fact>
      ) : null}
      <Fact label={t(service.kind === 'game' ? 'panel.services.facts.address' : 'panel.services.facts.ip')} wide>
        <ServiceConnection service={service} />
      </Fact>
      {more && (
        <>
          <Fact label={t('panel.services.facts.order')}>{t('panel.services.facts.orderNumber', { id: service.orderId })}</Fact>
          <Fact label={t('panel.services.facts.orderedOn')}>{date(service.createdAt)}</Fact>
          {service.deliveredAt && <Fact label={t('panel.services.facts.deliveredOn')}>{date(service.deliveredAt)}</Fact>}
        </>
      )}
    </dl>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'service-facts__item service-facts__item--wide' : 'service-facts__item'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../ui/form-alert';
import { useStaff } from '../staff-context';
import { useStaffDeliveries } from './api/get-deliveries';
import { DeliveryItem } from './delivery-item';
import '../../../styles/staff-deliveries.css';

/**
 * "Livraisons à reprendre", at the top of every back-office page (issue 31): paid, and the
 * automatic delivery failed or ran out of time. Nothing shows while there is none (or while the
 * role may not see them): a paid order is never left undelivered without a person being told.
 */
export function DeliveriesBanner() {
  const { t } = useTranslation();
  const { role, isOnline } = useStaff();
  // The orders area's rule (spec §6): a support agent off duty does not see orders, nor these.
  const { data } = useStaffDeliveries(!(role === 'support' && !isOnline));
  const deliveries = data?.deliveries ?? [];
  // A retry started is said here: the delivery leaves the list while it installs (maybe the last one).
  const [retried, setRetried] = useState<string | null>(null);
  if (deliveries.length === 0 && !retried) return null;
  return (
    <section className="deliveries-banner" aria-labelledby="deliveries-banner-title">
      <h2 id="deliveries-banner-title" className="deliveries-banner__title">
        {t('staff.deliveries.title', { count: deliveries.length })}
      </h2>
      {retried && (
        <FormAlert tone="success">
          {retried} · {t('staff.deliveries.retried')}
        </FormAlert>
      )}
      {deliveries.length > 0 && (
        <>
          <p className="deliveries-banner__intro">{t('staff.deliveries.intro')}</p>
          <ul className="deliveries-banner__list">
            {deliveries.map((delivery) => (
              <DeliveryItem key={delivery.serviceId} delivery={delivery} onRetried={setRetried} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StaffDeliveryDto } from '../../../../../shared/schemas/staff/deliveries';
import { FormAlert } from '../../../ui/form-alert';
import { useLanguage } from '../../../ui/use-language';
import { categoryPath, INSIDE_STATE } from '../staff-categories';
import { formatDateTime } from '../staff-format';
import { useRetryDelivery } from './api/retry-delivery';
import { DeliveryAttempts } from './delivery-attempts';
import { ManualGameForm } from './manual-game-form';

/** The orders page's anchor of an order (a VPS is assigned there by hand). */
export const orderAnchor = (orderId: number) => `staff-order-${orderId}`;

/**
 * One delivery to take up: who bought what, the provider's last error and each attempt, "Réessayer",
 * and the way to deliver by hand (a VPS from the orders page, a game server's address here).
 */
export function DeliveryItem({ delivery, onRetried }: { delivery: StaffDeliveryDto; onRetried: (product: string) => void }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const retry = useRetryDelivery();
  const [failed, setFailed] = useState(false);
  const titleId = `delivery-${delivery.serviceId}-title`;
  const choice = delivery.os ?? delivery.variant;

  const runAgain = () => {
    setFailed(false);
    // Said by the banner: the retried delivery leaves this list while it installs.
    retry.mutate(delivery.serviceId, { onSuccess: () => onRetried(delivery.product), onError: () => setFailed(true) });
  };

  return (
    <li className="delivery-item" aria-labelledby={titleId}>
      <div className="delivery-item__head">
        <p id={titleId} className="delivery-item__title">
          {delivery.product}
          {choice && <span className="delivery-item__choice"> · {choice}</span>}
        </p>
        <span className="delivery-item__kind">{t(`staff.deliveries.kind.${delivery.kind}`)}</span>
      </div>
      <dl className="delivery-item__facts">
        <div>
          <dt>{t('staff.deliveries.customer')}</dt>
          <dd>
            {delivery.customer.name} <span className="delivery-item__muted">{delivery.customer.email}</span>
          </dd>
        </div>
        <div>
          <dt>{t('staff.deliveries.order')}</dt>
          <dd>{t('staff.deliveries.orderNumber', { id: delivery.orderId })}</dd>
        </div>
        <div>
          <dt>{t('staff.deliveries.since')}</dt>
          <dd>
            <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt, lng)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('staff.deliveries.mode')}</dt>
          <dd>{t(`staff.deliveries.modes.${delivery.delivery}`)}</dd>
        </div>
      </dl>
      <div className="delivery-item__error">
        <p className="delivery-item__label">{t('staff.deliveries.lastError')}</p>
        {delivery.lastError ? <code>{delivery.lastError}</code> : <p className="delivery-item__muted">{t('staff.deliveries.noError')}</p>}
      </div>
      <DeliveryAttempts attempts={delivery.attempts} />
      <div className="delivery-item__actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={runAgain}
          disabled={retry.isPending}
          aria-busy={retry.isPending || undefined}
          aria-describedby={titleId}
        >
          {retry.isPending && <span className="spinner" aria-hidden="true" />}
          {t(retry.isPending ? 'staff.deliveries.retrying' : 'staff.deliveries.retry')}
        </button>
        {delivery.kind === 'vps' && (
          <Link
            className="button button--secondary button--small"
            to={`${categoryPath(lng, 0)}#${orderAnchor(delivery.orderId)}`}
            state={INSIDE_STATE}
          >
            {t('staff.deliveries.assignVps', { id: delivery.orderId })}
          </Link>
        )}
      </div>
      {failed && <FormAlert tone="error">{t('staff.deliveries.retryFailed')}</FormAlert>}
      {delivery.kind === 'game' && <ManualGameForm serviceId={delivery.serviceId} />}
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import type { DeliveryPromise } from '../api/product-delivery';
import '../styles/delivery-promise.css';

/**
 * When the product will run (issue 31): "En ligne en quelques minutes" for an automatic delivery,
 * the terms' 3 to 4 working days for one our team makes. Nothing when the catalogue does not say.
 */
export function DeliveryPromiseNote({ delivery, className }: { delivery: DeliveryPromise | null | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!delivery) return null;
  return (
    <p className={['delivery-promise', `delivery-promise--${delivery}`, className ?? ''].filter(Boolean).join(' ')}>
      <span className="delivery-promise__dot" aria-hidden="true" />
      {t(`shop.delivery.${delivery}`)}
    </p>
  );
}

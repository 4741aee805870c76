import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCart } from '../../app/cart/cart-context';
import { useLanguage } from '../../ui/use-language';
import { readOrderId } from './order-api';
import { ReturnCard } from './return-card';
import { CancelIcon } from './return-icons';

/**
 * /{lng}/payment/cancel?orderId=N: the customer left the provider's page. Nothing is charged, the
 * order stays unpaid (payable later from the panel) and the cart is kept for another try.
 */
export function PaymentCancelPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [params] = useSearchParams();
  const orderId = readOrderId(params);
  const { lineCount } = useCart();

  return (
    <ReturnCard title={t('paymentReturn.cancelTitle')} icon={<CancelIcon />}>
      <div className="payment-return__texts">
        <p className="payment-return__lead">{t('paymentReturn.cancelText')}</p>
        <p>{orderId === null ? t('paymentReturn.cancelNoOrder') : t('paymentReturn.cancelOrder', { orderId })}</p>
        {lineCount > 0 && <p>{t('paymentReturn.cartKept')}</p>}
      </div>
      <div className="auth-actions">
        <Link className="button button--primary" to={`/${lng}/Cart`}>
          {t('paymentReturn.cartLink')}
        </Link>
        <Link className="button button--secondary" to={`/${lng}/PanelCLient?tab=factures`}>
          {t('paymentReturn.panelLink')}
        </Link>
      </div>
    </ReturnCard>
  );
}

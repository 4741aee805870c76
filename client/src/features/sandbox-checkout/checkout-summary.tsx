import { useTranslation } from 'react-i18next';
import type { SandboxCheckoutDto } from '../../../../shared/schemas/checkout';

/** What is being paid: the order number and its lines. */
export function CheckoutSummary({ checkout }: { checkout: SandboxCheckoutDto }) {
  const { t } = useTranslation();
  return (
    <section className="sandbox-summary" aria-labelledby="sandbox-summary-title">
      <h2 id="sandbox-summary-title" className="sandbox-summary__title">
        {t('sandboxCheckout.summary')}
        <span className="sandbox-summary__order">{t('sandboxCheckout.order', { orderId: checkout.orderId })}</span>
      </h2>
      <ul className="sandbox-summary__lines">
        {checkout.lines.map((line, index) => (
          <li key={index} className="sandbox-summary__line">
            <span className="sandbox-summary__name">{line.name}</span>
            <span className="sandbox-summary__qty">{t('sandboxCheckout.qty', { qty: line.qty })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

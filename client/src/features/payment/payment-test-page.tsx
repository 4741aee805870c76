import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { BackHomeLink } from '../../ui/back-home-link';
import type { TranslationKey } from '../../ui/translation-key';
import { useLanguage } from '../../ui/use-language';
import { readPaymentTestQuery, type PaymentTestQuery } from './payment-test-params';
import { PaypalChoice } from './paypal-choice';
import { TestBankChoice } from './test-bank-choice';
import { TestOrderSummary } from './test-order-summary';
import '../../styles/forms.css';
import '../../styles/checkout.css';
import '../../styles/payment.css';
import { PageTitle } from '../../ui/page-title';

type TestMethod = 'bank' | 'wallet';
const METHODS: { value: TestMethod; label: TranslationKey }[] = [
  { value: 'bank', label: 'paymentteste.method.bank' },
  { value: 'wallet', label: 'paymentteste.method.wallet' },
];

/** /{lng}/paymentteste: the order from the cart's PayPal choice, paid by transfer or wallet (spec §2). */
export function PaymentTestPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = readPaymentTestQuery(params);
  const title = t('paymentteste.title');

  return (
    <div className="container payment-page">
      <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
      <header className="payment-page__header">
        <h1 className="payment-page__title">{title}</h1>
        {query && <p className="payment-page__intro">{t('paymentteste.intro', { orderId: query.orderId })}</p>}
      </header>
      {query ? <TestPayment query={query} /> : <BadLink />}
    </div>
  );
}

function TestPayment({ query }: { query: PaymentTestQuery }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  // The customer chose the wallet in the cart to get here.
  const [method, setMethod] = useState<TestMethod>('wallet');
  const currency = query.lines[0]?.currency ?? 'EUR';

  return (
    <>
      <p className="payment-total">
        <span>{t('paymentteste.total')}</span>
        <strong>{formatMoney(query.amountCents, currency, lng)}</strong>
      </p>
      <section className="payment-card" aria-labelledby="test-summary-title">
        <h2 id="test-summary-title" className="payment-card__title">
          {t('paymentteste.summary')}
        </h2>
        <TestOrderSummary lines={query.lines} />
      </section>
      <section className="payment-card">
        <fieldset className="pay-methods">
          <legend className="pay-methods__legend">{t('paymentteste.method.legend')}</legend>
          {METHODS.map((option) => (
            <label key={option.value} className="pay-method">
              <input
                type="radio"
                name="test-payment-method"
                value={option.value}
                checked={method === option.value}
                onChange={() => setMethod(option.value)}
              />
              <span className="pay-method__label">{t(option.label)}</span>
            </label>
          ))}
        </fieldset>
        {method === 'bank' ? <TestBankChoice orderId={query.orderId} /> : <PaypalChoice orderId={query.orderId} />}
      </section>
    </>
  );
}

/** A link without its order or cart: say so and offer the way back, never a broken page. */
function BadLink() {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <section className="payment-card">
      <p role="alert">{t('paymentteste.invalid.text')}</p>
      <div className="transfer-done__actions">
        <Link className="button button--primary" to={`/${lng}/Cart`}>
          {t('paymentteste.invalid.cart')}
        </Link>
        <BackHomeLink />
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SandboxCheckoutDto } from '../../../../shared/schemas/checkout';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { FormAlert } from '../../ui/form-alert';
import { useLanguage } from '../../ui/use-language';
import { CheckoutActions } from './checkout-actions';
import { CheckoutSummary } from './checkout-summary';
import { ClosedCheckout } from './closed-checkout';
import { TestModeBanner } from './test-mode-banner';
import { useSandboxCheckout } from './api/get-sandbox-checkout';
import '../../styles/forms.css';
import '../../styles/sandbox-checkout.css';
import { PageTitle } from '../../ui/page-title';

/**
 * /{lng}/sandbox-checkout/:checkoutId: the shop's own stand-in for Stripe, PayPal or Mollie when it
 * runs without their keys. It looks like a hosted checkout, and says plainly that it is a test.
 */
export function SandboxCheckoutPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { checkoutId = '' } = useParams();
  const { state, retry, refresh } = useSandboxCheckout(checkoutId);

  let body: ReactNode;
  if (state.status === 'loading') {
    body = (
      <CardHeading title={t('sandboxCheckout.title')}>
        <p className="status-line" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('sandboxCheckout.loading')}
        </p>
      </CardHeading>
    );
  } else if (state.status === 'not_found') {
    body = (
      <CardHeading title={t('sandboxCheckout.notFoundTitle')}>
        <FormAlert tone="error">{t('sandboxCheckout.notFound')}</FormAlert>
        <Link className="button button--secondary button--block" to={`/${lng}/PanelCLient?tab=factures`}>
          {t('sandboxCheckout.panelLink')}
        </Link>
      </CardHeading>
    );
  } else if (state.status === 'failed') {
    body = (
      <CardHeading title={t('sandboxCheckout.title')}>
        <FormAlert tone="error">{t('sandboxCheckout.errorload')}</FormAlert>
        <button type="button" className="button button--secondary button--block" onClick={retry}>
          {t('sandboxCheckout.retry')}
        </button>
      </CardHeading>
    );
  } else {
    body = <OpenCheckout checkout={state.checkout} onClosed={refresh} />;
  }

  return (
    <div className="sandbox-page">
      <PageTitle>{`${t('sandboxCheckout.title')} · ${t('brand.name')}`}</PageTitle>
      <TestModeBanner />
      <section className="sandbox-card" aria-labelledby="sandbox-title" aria-busy={state.status === 'loading' || undefined}>
        {body}
      </section>
    </div>
  );
}

function CardHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h1 id="sandbox-title" className="sandbox-card__title">
        {title}
      </h1>
      {children}
    </>
  );
}

function OpenCheckout({ checkout, onClosed }: { checkout: SandboxCheckoutDto; onClosed: () => void }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const amount = formatMoney(checkout.amountCents, checkout.currency, lng);
  const provider = t(`sandboxCheckout.provider.${checkout.provider}`);

  return (
    <>
      <header className="sandbox-card__header">
        <p className="sandbox-card__merchant">{t('sandboxCheckout.payTo', { brand: t('brand.name') })}</p>
        <h1 id="sandbox-title" className="sandbox-card__title">
          {t('sandboxCheckout.title')}
        </h1>
        <p className={`sandbox-provider sandbox-provider--${checkout.provider}`}>
          <LockIcon />
          {t('sandboxCheckout.standsFor', { provider })}
        </p>
      </header>
      <p className="sandbox-amount">
        <span className="sandbox-amount__label">{t('sandboxCheckout.amount')}</span>
        <strong className="sandbox-amount__value">{amount}</strong>
      </p>
      <CheckoutSummary checkout={checkout} />
      {checkout.status === 'open' ? (
        <>
          <CheckoutActions checkout={checkout} amount={amount} onClosed={onClosed} />
          <p className="sandbox-card__hint">{t('sandboxCheckout.hint')}</p>
        </>
      ) : (
        <ClosedCheckout status={checkout.status} />
      )}
    </>
  );
}

function LockIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="10" height="7.5" rx="1.5" fill="currentColor" />
      <path d="M5.2 7V5.2a2.8 2.8 0 0 1 5.6 0V7" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { useCart } from '../../app/cart/cart-context';
import { useLanguage } from '../../ui/use-language';
import type { BankTransferDetailsDto, Payer } from './bank-transfer-api';
import { PayerForm } from './payer-form';
import { StepIndicator } from './step-indicator';
import { TransferDetails } from './transfer-details';
import { TransferDone } from './transfer-done';
import { PageTitle } from '../../ui/page-title';

type FlowState = { step: 1 } | { step: 2; payer: Payer; details: BankTransferDetailsDto } | { step: 3 };

/** Spec §4 bank payment: holder and IBAN -> IBAN checked, order placed, bank details -> confirmed -> success. */
export function BankTransferFlow({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { lines, clearCart } = useCart();
  const [state, setState] = useState<FlowState>({ step: 1 });
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A new step moves the focus to its heading, so keyboard and screen-reader users start there.
  // Not on arrival: the page's own heading comes first then.
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    headingRef.current?.focus();
  }, [state.step]);

  // Nothing to pay (spec §2). Once the order exists the cart is emptied on purpose: stay.
  if (state.step === 1 && lines.length === 0) return <Navigate to={`/${lng}/Hosting`} replace />;

  function onOrdered(payer: Payer, details: BankTransferDetailsDto) {
    setState({ step: 2, payer, details });
    clearCart(); // the order holds the cart now; paying it again would make a second order
  }

  const title = t('payment.title');
  return (
    <div className="container payment-page">
      <PageTitle>{`${title} · ${t('brand.name')}`}</PageTitle>
      <header className="payment-page__header">
        <h1 className="payment-page__title">{title}</h1>
      </header>
      <StepIndicator current={state.step} />
      <section className="payment-card">
        {state.step === 1 && <PayerForm user={user} lines={lines} headingRef={headingRef} onOrdered={onOrdered} />}
        {state.step === 2 && (
          <TransferDetails
            userId={user.id}
            payer={state.payer}
            details={state.details}
            headingRef={headingRef}
            onConfirmed={() => setState({ step: 3 })}
          />
        )}
        {state.step === 3 && <TransferDone headingRef={headingRef} />}
      </section>
    </div>
  );
}

import { useState, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkoutApi } from '../../../../shared/contract/checkout';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { SubmitButton } from '../../ui/submit-button';
import { useLanguage } from '../../ui/use-language';
import { confirmTransferBody, groupIban, type BankTransferDetailsDto, type Payer } from './bank-transfer-api';
import { CopyButton } from './copy-button';
import { checkoutFailureKey } from '../../app/checkout/failure';
import { CheckoutFailureAlert } from '../../app/checkout/failure-alert';

interface Props {
  userId: number;
  payer: Payer;
  details: BankTransferDetailsDto;
  headingRef: Ref<HTMLHeadingElement>;
  onConfirmed: () => void;
}

/** Step 2: what to transfer, to whom, with which reference; then the customer confirms having paid. */
export function TransferDetails({ userId, payer, details, headingRef, onConfirmed }: Props) {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const api = useAuthedApi();
  // No field to fill: the form is the customer's confirmation, its state the call's.
  const form = useForm();
  const busy = form.formState.isSubmitting;
  const [messageKey, setMessageKey] = useState<string | null>(null);
  // The amount as a bank form wants it: digits and the language's decimal sign, no currency.
  const plainAmount = new Intl.NumberFormat(lng, { minimumFractionDigits: 2, useGrouping: false }).format(details.amountCents / 100);
  const compactIban = details.iban.replace(/\s+/g, '');
  const deadline = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(details.reservedUntil));

  const rows = [
    {
      key: 'amount',
      label: t('payment.details.amount'),
      shown: formatMoney(details.amountCents, details.currency, lng),
      copied: plainAmount,
    },
    { key: 'iban', label: t('payment.details.iban'), shown: groupIban(details.iban), copied: compactIban },
    { key: 'bic', label: t('payment.details.bic'), shown: details.bic, copied: details.bic },
    { key: 'holder', label: t('payment.details.holder'), shown: details.accountHolder, copied: details.accountHolder },
    { key: 'reference', label: t('payment.details.reference'), shown: details.reference, copied: details.reference },
  ];

  const onSubmit = form.handleSubmit(async () => {
    setMessageKey(null);
    try {
      await api.call(checkoutApi.confirmTransfer, { body: confirmTransferBody(details.orderId, userId, payer) });
      onConfirmed();
    } catch (error) {
      setMessageKey(checkoutFailureKey(error, 'payment.confirmError', (value) => i18n.exists(value)));
    }
  });

  return (
    <>
      <header className="payment-card__header">
        <h2 ref={headingRef} tabIndex={-1} className="payment-card__title">
          {t('payment.details.title')}
        </h2>
        <p className="payment-card__intro">{t('payment.details.intro')}</p>
        <p className="payment-card__order">{t('payment.details.order', { id: details.orderId })}</p>
        <p className="payment-card__intro">{t('payment.details.deadline', { date: deadline })}</p>
      </header>
      <dl className="transfer-details">
        {rows.map((row) => (
          <div key={row.key} className={`transfer-details__row transfer-details__row--${row.key}`}>
            <dt>{row.label}</dt>
            <dd>
              <span className="transfer-details__value">{row.shown}</span>
              <CopyButton value={row.copied} label={row.label} />
            </dd>
          </div>
        ))}
      </dl>
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {messageKey && <CheckoutFailureAlert messageKey={messageKey} />}
        <p className="payment-card__hint">{t('payment.details.confirmHint')}</p>
        <SubmitButton busy={busy} busyLabel={t('payment.details.confirming')}>
          {t('payment.details.confirm')}
        </SubmitButton>
      </form>
    </>
  );
}

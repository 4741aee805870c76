import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { cartTotals, formatMoney } from '../../../../shared/money/cart-totals';
import { checkoutApi } from '../../../../shared/contract/checkout';
import type { SessionUser } from '../../../../shared/schemas/auth';
import type { CartLine } from '../../app/cart/cart-line';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { FormField } from '../../ui/form-field';
import { setServerFieldErrors } from '../../ui/forms/server-field-errors';
import { SubmitButton } from '../../ui/submit-button';
import { useLanguage } from '../../ui/use-language';
import { bankTransferBody, payerSchema, type BankTransferDetailsDto, type Payer } from './bank-transfer-api';
import { checkoutFailureKey } from '../../app/checkout/failure';
import { CheckoutFailureAlert } from '../../app/checkout/failure-alert';
import { useVatStatus } from '../../app/checkout/use-vat-status';

const ALERT_ID = 'payer-form-alert';
type Field = keyof Payer;
/** The fields in page order: the first one in error gives the form's message (the library focuses it). */
const EMPTY: Payer = { accountName: '', accountIBAN: '' };
const FORM_ORDER = Object.keys(EMPTY) as Field[];

interface Props {
  user: SessionUser;
  lines: readonly CartLine[];
  headingRef: Ref<HTMLHeadingElement>;
  onOrdered: (payer: Payer, details: BankTransferDetailsDto) => void;
}

/** Step 1: the customer's account holder and IBAN; 'Valider IBAN' checks it, then places the order. */
export function PayerForm({ user, lines, headingRef, onOrdered }: Props) {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const api = useAuthedApi();
  const form = useForm({ resolver: zodResolver(payerSchema), defaultValues: EMPTY });
  const {
    register,
    formState: { errors, isSubmitting: busy },
  } = form;
  // A refusal no field explains (server down, e-mail not confirmed…): the form's message on its own.
  const [failureKey, setFailureKey] = useState<string | null>(null);
  // The same VAT treatment as the cart's (EU reverse charge: 0 %), so the order's total matches.
  const { vat, pending: vatPending } = useVatStatus();
  const taxRate = vat?.taxRate ?? null;
  const total = formatMoney(cartTotals(lines, { taxRate }).totalCents, lines[0]?.currency ?? 'EUR', lng);
  const isKey = (value: string) => i18n.exists(value);

  // The fields share one message, shown once above them; the marked fields point to it.
  const firstWrong = FORM_ORDER.find((field) => errors[field]);
  const messageKey = failureKey ?? (firstWrong ? (errors[firstWrong]?.message ?? 'payment.required') : null);

  const onSubmit = form.handleSubmit(
    async (payer) => {
      setFailureKey(null);
      const refuseIban = (key: string) => form.setError('accountIBAN', { type: 'server', message: key }, { shouldFocus: true });
      try {
        const check = await api.call(checkoutApi.validateIban, { body: { accountIBAN: payer.accountIBAN } });
        if (!check.valid) return refuseIban(check.error && isKey(check.error) ? check.error : 'payment.ibanInvalid');
        const details = await api.call(checkoutApi.bankTransfer, {
          body: bankTransferBody(lines, payer, { userId: user.id, lng, taxRate }),
        });
        onOrdered(payer, details);
      } catch (error) {
        const key = checkoutFailureKey(error, 'payment.serverError', isKey);
        if (key === 'payment.ibanInvalid') return refuseIban(key);
        if (!setServerFieldErrors(form, error, i18n)) setFailureKey(key);
      }
    },
    () => setFailureKey(null),
  );

  const fieldError = (field: Field) => (errors[field] && messageKey ? t(messageKey) : undefined);

  return (
    <>
      <header className="payment-card__header">
        <h2 ref={headingRef} tabIndex={-1} className="payment-card__title">
          {t('payment.payer.title')}
        </h2>
        <p className="payment-card__intro">{t('payment.payer.intro')}</p>
      </header>
      <p className="payment-amount">
        <span>{t('payment.payer.total')}</span>
        <strong>{total}</strong>
      </p>
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {messageKey && <CheckoutFailureAlert id={ALERT_ID} messageKey={messageKey} />}
        <FormField id="payer-name" label={t('payment.payer.name')} required error={fieldError('accountName')} errorShownAt={ALERT_ID}>
          {(control) => <input className="input" required autoComplete="name" maxLength={120} {...register('accountName')} {...control} />}
        </FormField>
        <FormField
          id="payer-iban"
          label={t('payment.payer.iban')}
          hint={t('payment.payer.ibanHint')}
          required
          error={fieldError('accountIBAN')}
          errorShownAt={ALERT_ID}
        >
          {(control) => (
            <input
              className="input payer-form__iban"
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              {...register('accountIBAN')}
              {...control}
            />
          )}
        </FormField>
        <SubmitButton busy={busy} busyLabel={t('payment.payer.submitting')} disabled={vatPending}>
          {t('payment.payer.submit')}
        </SubmitButton>
      </form>
    </>
  );
}

import { useRef, useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cartTotals, formatMoney } from '../../../../shared/money/cart-totals';
import { checkoutApi } from '../../../../shared/contract/checkout';
import type { SessionUser } from '../../../../shared/schemas/auth';
import type { CartLine } from '../../app/cart/cart-line';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { FormField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { useLanguage } from '../../ui/use-language';
import { bankTransferBody, payerSchema, type BankTransferDetailsDto, type Payer } from './bank-transfer-api';
import { checkoutFailureKey } from '../../app/checkout/failure';
import { CheckoutFailureAlert } from '../../app/checkout/failure-alert';
import { useVatStatus } from '../../app/checkout/use-vat-status';

const ALERT_ID = 'payer-form-alert';
type Field = keyof Payer;
const FORM_ORDER: readonly Field[] = ['accountName', 'accountIBAN'];

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
  const [accountName, setAccountName] = useState('');
  const [accountIBAN, setAccountIBAN] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const [messageKey, setMessageKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = { accountName: useRef<HTMLInputElement>(null), accountIBAN: useRef<HTMLInputElement>(null) };
  // The same VAT treatment as the cart's (EU reverse charge: 0 %), so the order's total matches.
  const { vat, pending: vatPending } = useVatStatus();
  const taxRate = vat?.taxRate ?? null;
  const total = formatMoney(cartTotals(lines, { taxRate }).totalCents, lines[0]?.currency ?? 'EUR', lng);
  const isKey = (value: string) => i18n.exists(value);

  function refuse(key: string, fields: Field[]) {
    setMessageKey(key);
    setInvalid(Object.fromEntries(fields.map((field) => [field, true])));
    const first = fields[0];
    if (first) inputs[first].current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = payerSchema.safeParse({ accountName, accountIBAN });
    if (!parsed.success) {
      const wrong = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      const fields = FORM_ORDER.filter((field) => wrong.has(field)); // the focus goes to the first one on screen
      return refuse(parsed.error.issues[0]?.message ?? 'payment.required', fields);
    }
    const payer: Payer = parsed.data;
    setBusy(true);
    setMessageKey(null);
    setInvalid({});
    try {
      const check = await api.call(checkoutApi.validateIban, { body: { accountIBAN: payer.accountIBAN } });
      if (!check.valid) return refuse(check.error && isKey(check.error) ? check.error : 'payment.ibanInvalid', ['accountIBAN']);
      const details = await api.call(checkoutApi.bankTransfer, { body: bankTransferBody(lines, payer, { userId: user.id, lng, taxRate }) });
      onOrdered(payer, details);
    } catch (error) {
      const key = checkoutFailureKey(error, 'payment.serverError', isKey);
      refuse(key, key === 'payment.ibanInvalid' ? ['accountIBAN'] : []);
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (field: Field) => (invalid[field] && messageKey ? t(messageKey) : undefined);

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
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {messageKey && <CheckoutFailureAlert id={ALERT_ID} messageKey={messageKey} />}
        <FormField id="payer-name" label={t('payment.payer.name')} required error={fieldError('accountName')} errorShownAt={ALERT_ID}>
          {(control) => (
            <input
              ref={inputs.accountName}
              className="input"
              required
              autoComplete="name"
              maxLength={120}
              value={accountName}
              onChange={(event) => setAccountName(event.target.value)}
              {...control}
            />
          )}
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
              ref={inputs.accountIBAN}
              className="input payer-form__iban"
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={accountIBAN}
              onChange={(event) => setAccountIBAN(event.target.value)}
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

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import { refundOrderSchema, type BillingOrderDto, type RefundOrderDto } from '../../../../../shared/schemas/staff/billing';
import type { RefundDestination } from './billing-actions';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useLanguage } from '../../../ui/use-language';
import { eurosToCents } from '../product/euro-cents';
import { useStaffApi } from '../use-staff-api';
import { refundableCents, refundDestinationsOf } from './billing-actions';

type FieldErrors = { amount?: string; reason?: string };

interface Props {
  order: BillingOrderDto;
  onDone: (amountCents: number, answer: RefundOrderDto, to: RefundDestination) => void;
  /** The call failed: the page shows why (from the error code) and reads the list again. */
  onFailed: (error: unknown) => void;
  onClose: () => void;
}

/**
 * 'Rembourser': an amount typed in euros (at most what is left to refund), a reason, and where the
 * money goes: the customer's wallet, or back to the card/PayPal/Mollie payment through the provider
 * (offered only for an order paid that way). The typed amount goes through the same schema as the server's.
 */
export function RefundForm({ order, onDone, onFailed, onClose }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const api = useStaffApi();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const destinations = refundDestinationsOf(order);
  const [to, setTo] = useState<RefundDestination>('wallet');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const max = refundableCents(order);
  const maxText = formatMoney(max, order.currency, lng);

  // Opened from a row's button: the first field takes the focus.
  useEffect(() => amountRef.current?.focus(), []);

  function check(): { amount_cents: number; reason: string; to: RefundDestination } | null {
    const cents = eurosToCents(amount);
    const parsed = refundOrderSchema.safeParse({ amount_cents: cents ?? Number.NaN, reason });
    const found: FieldErrors = {};
    if (cents === null || (!parsed.success && parsed.error.issues.some((i) => i.path[0] === 'amount_cents')))
      found.amount = t('staff.billing.refundForm.invalidAmount');
    else if (cents > max) found.amount = t('staff.billing.refundForm.tooMuch', { max: maxText });
    if (!parsed.success && parsed.error.issues.some((i) => i.path[0] === 'reason'))
      found.reason = t('staff.billing.refundForm.reasonRequired');
    setErrors(found);
    if (found.amount) amountRef.current?.focus();
    else if (found.reason) document.getElementById('billing-refund-reason')?.focus();
    return parsed.success && !found.amount && !found.reason
      ? { amount_cents: parsed.data.amount_cents, reason: parsed.data.reason, to }
      : null;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = check();
    if (!body) return;
    setBusy(true);
    try {
      const answer = await api.call(staffBillingApi.refund, { params: { id: String(order.id) }, body });
      onDone(body.amount_cents, answer, body.to);
    } catch (error) {
      setBusy(false);
      onFailed(error);
    }
  }

  return (
    <section id="billing-refund" className="billing-refund" aria-labelledby="billing-refund-title">
      <h2 id="billing-refund-title" className="staff-panel__subtitle">
        {t('staff.billing.refundForm.title', { id: order.id })}
      </h2>
      <form onSubmit={onSubmit} noValidate className="billing-refund__form">
        <FormField
          id="billing-refund-amount"
          label={t('staff.billing.refundForm.amount', { currency: order.currency })}
          hint={t('staff.billing.refundForm.maxAmount', { max: maxText })}
          error={errors.amount}
          required
        >
          {(control) => (
            <input
              ref={amountRef}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              disabled={busy}
              onChange={(e) => setAmount(e.target.value)}
              required
              {...control}
            />
          )}
        </FormField>
        <FormField id="billing-refund-reason" label={t('staff.billing.refundForm.reason')} error={errors.reason} required>
          {(control) => (
            <input
              className="input"
              maxLength={500}
              value={reason}
              disabled={busy}
              onChange={(e) => setReason(e.target.value)}
              required
              {...control}
            />
          )}
        </FormField>
        {destinations.length > 1 && (
          <fieldset className="billing-refund__to">
            <legend>{t('staff.billing.refundForm.to')}</legend>
            {destinations.map((destination) => (
              <label key={destination} className="billing-refund__choice">
                <input
                  type="radio"
                  name="billing-refund-to"
                  value={destination}
                  checked={to === destination}
                  disabled={busy}
                  onChange={() => setTo(destination)}
                />{' '}
                {t(`staff.billing.refundForm.toOptions.${destination}`)}
              </label>
            ))}
          </fieldset>
        )}
        <div className="billing-refund__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={onClose}>
            {t('staff.billing.refundForm.close')}
          </button>
          <SubmitButton busy={busy} busyLabel={t('staff.billing.refundForm.sending')} className="billing-refund__submit">
            {t('staff.billing.refundForm.submit')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

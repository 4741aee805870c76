import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import {
  REFUND_DESTINATIONS,
  REFUNDED_SERVICE_ENDINGS,
  refundOrderSchema,
  type BillingOrderDto,
  type RefundOrderDto,
} from '../../../../../shared/schemas/staff/billing';
import type { RefundDestination } from './billing-actions';
import { ApiError } from '../../../api/client';
import { FormAlert } from '../../../ui/form-alert';
import { keepTabInside } from '../../../ui/dialogs/keep-tab-inside';
import { FormField } from '../../../ui/form-field';
import { errorText } from '../../../ui/forms/server-field-errors';
import { SubmitButton } from '../../../ui/submit-button';
import { useLanguage } from '../../../ui/use-language';
import { eurosToCents } from '../product/euro-cents';
import { useStaffApi } from '../use-staff-api';
import { refundableCents, refundDestinationsOf } from './billing-actions';
import { billingErrorKey } from './billing-error';

/**
 * The form as typed (an amount in euros) checked by the shared refund rules, with the form's own
 * texts: an amount refundOrderSchema takes and at most what is left to refund; a reason it takes.
 */
function refundFormSchema(maxCents: number, delivered: boolean) {
  const { amount_cents, reason } = refundOrderSchema.shape;
  return (
    z
      .object({
        amount: z.string().transform((typed, ctx) => {
          const cents = eurosToCents(typed);
          if (cents === null || !amount_cents.safeParse(cents).success) {
            ctx.addIssue({ code: 'custom', message: 'staff.billing.refundForm.invalidAmount' });
            return z.NEVER;
          }
          if (cents > maxCents) {
            ctx.addIssue({ code: 'custom', message: 'staff.billing.refundForm.tooMuch' });
            return z.NEVER;
          }
          return cents;
        }),
        reason: z
          .string()
          .refine((typed) => reason.safeParse(typed).success, 'staff.billing.refundForm.reasonRequired')
          .transform((typed) => typed.trim()),
        to: z.enum(REFUND_DESTINATIONS),
        // An untouched radio group reads null.
        services: z.enum(REFUNDED_SERVICE_ENDINGS, { error: 'staff.billing.refundForm.servicesRequired' }).nullish(),
      })
      // Issue 31: refunding a delivered order in full ends its services; staff say how, on purpose.
      .refine((values) => !(delivered && values.amount === maxCents) || values.services != null, {
        path: ['services'],
        message: 'staff.billing.refundForm.servicesRequired',
      })
  );
}

/** Cents as the amount field shows them: "12,10" in French, "12.10" elsewhere (eurosToCents reads both). */
const typedAmount = (cents: number, lng: string) => (cents / 100).toFixed(2).replace('.', lng === 'en' ? '.' : ',');

/** Whether the amount typed gives back all that is left of a delivered order: its services end then. */
const endsServices = (order: BillingOrderDto, typed: string) => order.status === 'paid' && eurosToCents(typed) === refundableCents(order);

interface Props {
  order: BillingOrderDto;
  onDone: (amountCents: number, answer: RefundOrderDto, to: RefundDestination) => void;
  /** The call failed: the dialog shows why (from the error code), the page reads the list again. */
  onFailed: (error: unknown) => void;
  onClose: () => void;
}

/**
 * 'Rembourser': an amount typed in euros (at most what is left to refund), a reason, and where the
 * money goes: the customer's wallet, or back to the card/PayPal/Mollie payment through the provider
 * (offered only for an order paid that way). The typed amount goes through the same schema as the
 * server's. Giving back all of a delivered order asks how its services end: now, or at term.
 * Issue 34: a modal dialog over the order's row (the list behind is inert, so the focus stays in it;
 * Escape closes it), the order it refunds named at its top, the whole amount left already typed.
 */
export function RefundForm({ order, onDone, onFailed, onClose }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const api = useStaffApi();
  const destinations = refundDestinationsOf(order);
  const max = refundableCents(order);
  const maxText = formatMoney(max, order.currency, lng);
  const form = useForm({
    resolver: zodResolver(refundFormSchema(max, order.status === 'paid')),
    defaultValues: { amount: typedAmount(max, lng), reason: '', to: 'wallet' as RefundDestination, services: undefined },
  });
  const full = endsServices(order, useWatch({ control: form.control, name: 'amount' }));
  const {
    register,
    formState: { errors, isSubmitting: busy },
  } = form;

  // The refusal is said inside the dialog: the page behind it is inert while it is open.
  const [refusal, setRefusal] = useState<string | null>(null);
  const amountField = register('amount');
  const amountRef = useRef<HTMLInputElement | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Opened from a row's button: a modal dialog, the amount focused and selected (typing replaces it).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    amountRef.current?.focus();
    amountRef.current?.select();
  }, []);

  const onSubmit = form.handleSubmit(async ({ amount, reason, to, services }) => {
    setRefusal(null);
    try {
      const answer = await api.call(staffBillingApi.refund, {
        params: { id: String(order.id) },
        body: { amount_cents: amount, reason, to, ...(full && services ? { services } : {}) },
      });
      onDone(amount, answer, to);
    } catch (error) {
      // 401: the staff token expired and the password screen is back; nothing to say here.
      if (!(error instanceof ApiError && error.status === 401)) setRefusal(t(billingErrorKey(error)));
      onFailed(error);
    }
  });

  return (
    <dialog
      ref={dialogRef}
      id="billing-refund"
      className="vps-picker billing-refund"
      aria-labelledby="billing-refund-title"
      aria-describedby="billing-refund-order"
      onClose={onClose}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        // Escape while the call is out would lose its answer: the dialog stays until it comes.
        if (busy) event.preventDefault();
      }}
    >
      <h2 id="billing-refund-title" className="staff-panel__subtitle">
        {t('staff.billing.refundForm.title', { id: order.id })}
      </h2>
      <p id="billing-refund-order" className="billing-refund__order">
        {t('staff.billing.refundForm.order', {
          customer: order.client_name,
          total: formatMoney(order.total_cents, order.currency, lng),
          max: maxText,
        })}
      </p>
      <form onSubmit={onSubmit} noValidate className="billing-refund__form">
        {refusal && <FormAlert tone="error">{refusal}</FormAlert>}
        <FormField
          id="billing-refund-amount"
          label={t('staff.billing.refundForm.amount', { currency: order.currency })}
          hint={t('staff.billing.refundForm.maxAmount', { max: maxText })}
          error={errorText(t, errors.amount, { max: maxText })}
          required
        >
          {(control) => (
            <input
              className="input"
              inputMode="decimal"
              autoComplete="off"
              {...amountField}
              ref={(input) => {
                amountField.ref(input);
                amountRef.current = input;
              }}
              disabled={busy}
              required
              {...control}
            />
          )}
        </FormField>
        <FormField id="billing-refund-reason" label={t('staff.billing.refundForm.reason')} error={errorText(t, errors.reason)} required>
          {(control) => <input className="input" maxLength={500} {...register('reason')} disabled={busy} required {...control} />}
        </FormField>
        {destinations.length > 1 && (
          <fieldset className="billing-refund__to">
            <legend>{t('staff.billing.refundForm.to')}</legend>
            {destinations.map((destination) => (
              <label key={destination} className="billing-refund__choice">
                <input type="radio" value={destination} {...register('to')} disabled={busy} />{' '}
                {t(`staff.billing.refundForm.toOptions.${destination}`)}
              </label>
            ))}
          </fieldset>
        )}
        {full && (
          <fieldset className="billing-refund__to" aria-describedby={errors.services ? 'billing-refund-services-error' : undefined}>
            <legend>{t('staff.billing.refundForm.services')}</legend>
            {REFUNDED_SERVICE_ENDINGS.map((ending) => (
              <label key={ending} className="billing-refund__choice">
                <input type="radio" value={ending} {...register('services')} disabled={busy} />{' '}
                {t(`staff.billing.refundForm.servicesOptions.${ending}`)}
              </label>
            ))}
            {errors.services && (
              <p id="billing-refund-services-error" className="field__error">
                {errorText(t, errors.services)}
              </p>
            )}
          </fieldset>
        )}
        <div className="billing-refund__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => dialogRef.current?.close()}>
            {t('staff.billing.refundForm.close')}
          </button>
          <SubmitButton busy={busy} busyLabel={t('staff.billing.refundForm.sending')} className="billing-refund__submit">
            {t('staff.billing.refundForm.submit')}
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}

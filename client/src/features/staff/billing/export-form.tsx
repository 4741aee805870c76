import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import { exportQuerySchema } from '../../../../../shared/schemas/billing-documents';
import { FIRST_DAY, LAST_DAY } from '../../../../../shared/schemas/calendar-day';
import { urlOf } from '../../../api/call';
import { FormAlert } from '../../../ui/form-alert';
import { useStaffDownload } from './use-staff-download';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Last calendar month, the period an accountant asks for most. */
export function previousMonth(today: Date = new Date()): { from: string; to: string } {
  return {
    from: isoDay(new Date(today.getFullYear(), today.getMonth() - 1, 1)),
    to: isoDay(new Date(today.getFullYear(), today.getMonth(), 0)),
  };
}

/**
 * exportQuerySchema on the two dates as typed: a refused period marks both fields with one message,
 * the missing dates or a period the export does not take.
 */
const periodSchema = z.custom<{ from: string; to: string }>().transform((period, ctx) => {
  const checked = exportQuerySchema.safeParse(period);
  if (checked.success) return checked.data;
  const message = period.from && period.to ? 'invalidPeriod' : 'missingDates';
  for (const name of ['from', 'to']) ctx.addIssue({ code: 'custom', path: [name], message });
  return z.NEVER;
});

export const exportFileName = (from: string, to: string) => `export-comptable_${from}_${to}.zip`;

/** 'Export comptable': a period's invoices and credit notes (UBL and PDF) and the ledger, as one zip. */
export function ExportForm() {
  const { t } = useTranslation();
  const form = useForm({ resolver: zodResolver(periodSchema), defaultValues: previousMonth() });
  const { errors } = form.formState;
  // The download failing: the fields are right, the message stands alone.
  const [failed, setFailed] = useState(false);
  const { busy, download } = useStaffDownload();
  const sending = busy.has('export');

  const submit = form.handleSubmit(
    async ({ from, to }) => {
      setFailed(false);
      try {
        await download('export', urlOf(staffBillingApi.export, { query: { from, to } }), exportFileName(from, to));
      } catch {
        setFailed(true);
      }
    },
    () => setFailed(false),
  );

  const refusal = errors.from ?? errors.to;
  const invalid = Boolean(refusal);
  const problem = refusal?.message ?? (failed ? 'error' : null);
  return (
    <section className="billing-export" aria-labelledby="billing-export-title">
      <h2 id="billing-export-title" className="billing-export__title">
        {t('staff.billing.documents.export.title')}
      </h2>
      <p className="billing-export__intro">{t('staff.billing.documents.export.intro')}</p>
      <form className="staff-filters billing-export__form" onSubmit={(e) => void submit(e)} noValidate>
        {(['from', 'to'] as const).map((name) => (
          <div key={name} className={invalid ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={`billing-export-${name}`}>
              {t(`staff.billing.documents.export.${name}`)}
            </label>
            <input
              id={`billing-export-${name}`}
              className="input"
              type="date"
              min={FIRST_DAY}
              max={LAST_DAY}
              required
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? 'billing-export-problem' : undefined}
              {...form.register(name)}
            />
          </div>
        ))}
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending || undefined}>
          {sending && <span className="spinner" aria-hidden="true" />}
          {sending ? t('staff.billing.documents.export.sending') : t('staff.billing.documents.export.submit')}
        </button>
      </form>
      {problem && (
        <FormAlert tone="error" id="billing-export-problem">
          {t(`staff.billing.documents.export.${problem}`)}
        </FormAlert>
      )}
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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

export const exportFileName = (from: string, to: string) => `export-comptable_${from}_${to}.zip`;

/** 'Export comptable': a period's invoices and credit notes (UBL and PDF) and the ledger, as one zip. */
export function ExportForm() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(previousMonth);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, download } = useStaffDownload();
  const sending = busy.has('export');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = exportQuerySchema.safeParse(period);
    if (!checked.success) {
      setProblem(period.from && period.to ? 'invalidPeriod' : 'missingDates');
      return;
    }
    setProblem(null);
    try {
      await download('export', urlOf(staffBillingApi.export, { query: checked.data }), exportFileName(checked.data.from, checked.data.to));
    } catch {
      setProblem('error');
    }
  }

  const invalid = problem === 'invalidPeriod' || problem === 'missingDates';
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
              value={period[name]}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? 'billing-export-problem' : undefined}
              onChange={(e) => setPeriod((now) => ({ ...now, [name]: e.target.value }))}
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

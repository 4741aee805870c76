import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { staffTicketsApi } from '../../../../../shared/contract/staff-tickets';
import { ticketReplySchema, type StaffTicketDto } from '../../../../../shared/schemas/staff/tickets';
import { FormAlert } from '../../../ui/form-alert';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useStaffApi } from '../use-staff-api';

type Outcome = { tone: 'error' | 'success'; key: string } | null;

/** The answer to the customer (mailed and shown on their Support page), optionally closing the ticket. */
export function TicketReplyForm({ ticketId, onUpdated }: { ticketId: number; onUpdated: (ticket: StaffTicketDto) => void }) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const form = useForm({ resolver: zodResolver(ticketReplySchema), defaultValues: { message: '', close: false } });
  const {
    register,
    formState: { errors },
  } = form;
  const [busy, setBusy] = useState<'reply' | 'close' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onSubmit = form.handleSubmit(async (body) => {
    if (busy) return;
    setOutcome(null);
    setBusy('reply');
    try {
      const { ticket } = await api.call(staffTicketsApi.reply, { params: { id: String(ticketId) }, body });
      form.reset();
      setOutcome({ tone: 'success', key: 'staff.tickets.detail.sent' });
      onUpdated(ticket);
    } catch {
      setOutcome({ tone: 'error', key: 'staff.tickets.detail.error' });
    } finally {
      setBusy(null);
    }
  });

  /** Closes the ticket without an answer (already solved elsewhere, spam). */
  async function closeOnly() {
    if (busy) return;
    setOutcome(null);
    setBusy('close');
    try {
      const { ticket } = await api.call(staffTicketsApi.close, { params: { id: String(ticketId) } });
      onUpdated(ticket);
    } catch {
      setOutcome({ tone: 'error', key: 'staff.tickets.detail.closeError' });
      setBusy(null);
    }
  }

  return (
    <form className="ticket-reply-form" onSubmit={onSubmit} noValidate>
      {outcome && <FormAlert tone={outcome.tone}>{t(outcome.key)}</FormAlert>}
      <FormField
        id="ticket-answer"
        label={t('staff.tickets.detail.answer')}
        required
        error={errors.message ? t('staff.tickets.detail.required') : undefined}
      >
        {(control) => (
          <textarea
            className="input textarea"
            rows={5}
            maxLength={5000}
            {...register('message')}
            disabled={busy !== null}
            required
            {...control}
          />
        )}
      </FormField>
      <label className="ticket-reply-form__close">
        <input type="checkbox" {...register('close')} disabled={busy !== null} />
        {t('staff.tickets.detail.close')}
      </label>
      <div className="ticket-reply-form__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy !== null}
          aria-busy={busy === 'close' || undefined}
          onClick={() => void closeOnly()}
        >
          {t('staff.tickets.detail.closeOnly')}
        </button>
        <SubmitButton
          busy={busy === 'reply'}
          disabled={busy !== null}
          busyLabel={t('staff.tickets.detail.sending')}
          className="ticket-reply-form__submit"
        >
          {t('staff.tickets.detail.send')}
        </SubmitButton>
      </div>
    </form>
  );
}

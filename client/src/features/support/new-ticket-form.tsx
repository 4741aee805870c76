import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newTicketSchema, type CustomerTicket } from '../../../../shared/schemas/support';
import { ApiError } from '../../api/client';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { FormAlert } from '../../ui/form-alert';
import { FormField, TextField } from '../../ui/form-field';
import { errorText, setServerFieldErrors } from '../../ui/forms/server-field-errors';
import { SubmitButton } from '../../ui/submit-button';
import { openTicket } from './support-api';

type Result = { tone: 'success'; ticketId: number } | { tone: 'error'; key: string };

/** Subject and message; the account's name and e-mail go with it (POST /api/tickets). */
export function NewTicketForm({ onCreated }: { onCreated: (ticket: CustomerTicket) => void }) {
  const { t, i18n } = useTranslation();
  const api = useAuthedApi();
  const form = useForm({ resolver: zodResolver(newTicketSchema), defaultValues: { subject: '', message: '' } });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const [result, setResult] = useState<Result | null>(null);

  const onSubmit = form.handleSubmit(async (data) => {
    setResult(null);
    try {
      const { ticket } = await openTicket(api, data);
      form.reset();
      setResult({ tone: 'success', ticketId: ticket.id });
      onCreated(ticket);
    } catch (error) {
      setServerFieldErrors(form, error, i18n);
      setResult({ tone: 'error', key: errorKeyOf(error) });
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      {result?.tone === 'success' && <FormAlert tone="success">{t('support.created', { id: result.ticketId })}</FormAlert>}
      {result?.tone === 'error' && <FormAlert tone="error">{t(result.key)}</FormAlert>}
      <TextField
        id="ticket-subject"
        label={t('support.subject')}
        required
        maxLength={200}
        {...register('subject')}
        error={errorText(t, errors.subject)}
      />
      <FormField
        id="ticket-message"
        label={t('support.message')}
        required
        hint={t('support.messageHint')}
        error={errorText(t, errors.message)}
      >
        {(control) => <textarea className="input textarea" rows={6} required maxLength={5000} {...register('message')} {...control} />}
      </FormField>
      <SubmitButton busy={isSubmitting} busyLabel={t('support.submitting')}>
        {t('support.submit')}
      </SubmitButton>
    </form>
  );
}

function errorKeyOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'support.errorserver';
  if (error.status === 429) return 'support.errortoomany';
  if (error.status === 0 || error.status >= 502) return 'support.errornetwork';
  return 'support.errorserver';
}

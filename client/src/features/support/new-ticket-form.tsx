import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newTicketSchema, type CustomerTicket } from '../../../../shared/schemas/support';
import { ApiError } from '../../api/client';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { FormAlert } from '../../ui/form-alert';
import { FormField, TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { issuesByField } from './field-errors';
import { openTicket } from './support-api';

type Result = { tone: 'success'; ticketId: number } | { tone: 'error'; key: string };

/** Subject and message; the account's name and e-mail go with it (POST /api/tickets). */
export function NewTicketForm({ onCreated }: { onCreated: (ticket: CustomerTicket) => void }) {
  const { t, i18n } = useTranslation();
  const api = useAuthedApi();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = newTicketSchema.safeParse({ subject, message });
    setErrors(parsed.success ? {} : issuesByField(parsed.error));
    if (!parsed.success) return;

    setBusy(true);
    setResult(null);
    try {
      const { ticket } = await openTicket(api, parsed.data);
      setSubject('');
      setMessage('');
      setResult({ tone: 'success', ticketId: ticket.id });
      onCreated(ticket);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const known = Object.fromEntries(Object.entries(error.fields).filter(([, key]) => i18n.exists(key)));
        if (Object.keys(known).length > 0) setErrors(known);
      }
      setResult({ tone: 'error', key: errorKeyOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      {result?.tone === 'success' && <FormAlert tone="success">{t('support.created', { id: result.ticketId })}</FormAlert>}
      {result?.tone === 'error' && <FormAlert tone="error">{t(result.key)}</FormAlert>}
      <TextField
        id="ticket-subject"
        label={t('support.subject')}
        required
        maxLength={200}
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        error={errors.subject ? t(errors.subject) : undefined}
      />
      <FormField
        id="ticket-message"
        label={t('support.message')}
        required
        hint={t('support.messageHint')}
        error={errors.message ? t(errors.message) : undefined}
      >
        {(control) => (
          <textarea
            className="input textarea"
            rows={6}
            required
            maxLength={5000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            {...control}
          />
        )}
      </FormField>
      <SubmitButton busy={busy} busyLabel={t('support.submitting')}>
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

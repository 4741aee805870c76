import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { contactSchema } from '../../../../shared/schemas/support';
import { ApiError } from '../../api/client';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useSession } from '../../app/session/use-session';
import { FormAlert } from '../../ui/form-alert';
import { FormField, TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { sendContactMessage } from './contact-api';

type ContactInput = z.input<typeof contactSchema>;
type Sent = { ticketId: number; email: string };

/** Name, e-mail, subject, message; a logged-in customer finds the first two filled in. */
export function ContactForm() {
  const { t } = useTranslation();
  const { user } = useSession();
  const api = useAuthedApi();
  const [values, setValues] = useState<ContactInput>(() => ({
    name: user?.fullName ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);

  const set = (field: keyof ContactInput) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const errorOf = (field: keyof ContactInput) => (errors[field] ? t(errors[field]) : undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The schema (and zod) load on the first send only: the contact page's own JavaScript stays small.
    const { contactSchema } = await import('../../../../shared/schemas/support');
    const parsed = contactSchema.safeParse(values);
    setErrors(parsed.success ? {} : firstIssues(parsed.error));
    if (!parsed.success) return;

    setBusy(true);
    setErrorKey(null);
    try {
      const { ticketId } = await sendContactMessage(api, parsed.data);
      setSent({ ticketId, email: parsed.data.email });
      setValues((v) => ({ ...v, subject: '', message: '' }));
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setErrorKey(errorKeyOf(error));
    } finally {
      setBusy(false);
    }
  }

  if (sent) return <ContactSent sent={sent} onAnother={() => setSent(null)} />;

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      {errorKey && <FormAlert tone="error">{t(errorKey)}</FormAlert>}
      <div className="contact-grid">
        <TextField
          id="contact-name"
          label={t('contact.name')}
          autoComplete="name"
          required
          maxLength={120}
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
          error={errorOf('name')}
        />
        <TextField
          id="contact-email"
          label={t('contact.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
          error={errorOf('email')}
        />
        <TextField
          id="contact-subject"
          className="contact-grid__wide"
          label={t('contact.subject')}
          required
          maxLength={200}
          value={values.subject}
          onChange={(e) => set('subject')(e.target.value)}
          error={errorOf('subject')}
        />
        <FormField id="contact-message" className="contact-grid__wide" label={t('contact.message')} required error={errorOf('message')}>
          {(control) => (
            <textarea
              className="input textarea"
              rows={7}
              required
              maxLength={5000}
              value={values.message}
              onChange={(e) => set('message')(e.target.value)}
              {...control}
            />
          )}
        </FormField>
      </div>
      <SubmitButton busy={busy} busyLabel={t('contact.submitting')}>
        {t('contact.submit')}
      </SubmitButton>
    </form>
  );
}

function ContactSent({ sent, onAnother }: { sent: Sent; onAnother: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to what replaced it, so keyboard and screen-reader users follow.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="contact-sent" role="status">
      <svg className="contact-sent__icon" width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path d="m14 24.5 6.5 6.5L34 17.5" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 ref={heading} tabIndex={-1} className="contact-sent__title">
        {t('contact.sentTitle')}
      </h2>
      <p>{t('contact.sent', { id: sent.ticketId })}</p>
      <p>{t('contact.sentReply', { email: sent.email })}</p>
      <button type="button" className="button button--secondary" onClick={onAnother}>
        {t('contact.another')}
      </button>
    </div>
  );
}

function errorKeyOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'contact.errorserver';
  if (error.status === 429) return 'contact.errortoomany';
  if (error.status === 0 || error.status >= 502) return 'contact.errornetwork';
  return 'contact.errorserver';
}

/** First message (a locale key) per field of a failed parse. */
function firstIssues(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!(name in fields)) fields[name] = issue.message;
  }
  return fields;
}

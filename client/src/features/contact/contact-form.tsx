import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { contactSchema } from '../../../../shared/schemas/support';
import { ApiError } from '../../api/client';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useSession } from '../../app/session/use-session';
import { FormAlert } from '../../ui/form-alert';
import { FormField, TextField } from '../../ui/form-field';
import { lazyZodResolver } from '../../ui/forms/lazy-zod-resolver';
import { errorText, setServerFieldErrors } from '../../ui/forms/server-field-errors';
import { SubmitButton } from '../../ui/submit-button';
import { sendContactMessage } from './contact-api';

type Sent = { ticketId: number; email: string };

// The schema (and zod) load on the first send only: the contact page's own JavaScript stays small.
const resolver = lazyZodResolver<typeof contactSchema>(() => import('../../../../shared/schemas/support').then((m) => m.contactSchema));

/** Name, e-mail, subject, message; a logged-in customer finds the first two filled in. */
export function ContactForm() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const api = useAuthedApi();
  const form = useForm<z.input<typeof contactSchema>, unknown, z.output<typeof contactSchema>>({
    resolver,
    defaultValues: { name: user?.fullName ?? '', email: user?.email ?? '', subject: '', message: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting: busy },
  } = form;
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);

  const onSubmit = form.handleSubmit(async (data) => {
    setErrorKey(null);
    try {
      const { ticketId } = await sendContactMessage(api, data);
      setSent({ ticketId, email: data.email });
      form.reset({ ...form.getValues(), subject: '', message: '' });
    } catch (error) {
      setServerFieldErrors(form, error, i18n);
      setErrorKey(errorKeyOf(error));
    }
  });

  if (sent) return <ContactSent sent={sent} onAnother={() => setSent(null)} />;

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {errorKey && <FormAlert tone="error">{t(errorKey)}</FormAlert>}
      <div className="contact-grid">
        <TextField
          id="contact-name"
          label={t('contact.name')}
          autoComplete="name"
          required
          maxLength={120}
          {...register('name')}
          error={errorText(t, errors.name)}
        />
        <TextField
          id="contact-email"
          label={t('contact.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...register('email')}
          error={errorText(t, errors.email)}
        />
        <TextField
          id="contact-subject"
          className="contact-grid__wide"
          label={t('contact.subject')}
          required
          maxLength={200}
          {...register('subject')}
          error={errorText(t, errors.subject)}
        />
        <FormField
          id="contact-message"
          className="contact-grid__wide"
          label={t('contact.message')}
          required
          error={errorText(t, errors.message)}
        >
          {(control) => <textarea className="input textarea" rows={7} required maxLength={5000} {...register('message')} {...control} />}
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

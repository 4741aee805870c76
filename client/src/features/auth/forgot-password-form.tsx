import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordBusinessFormSchema, forgotPasswordSchema } from '../../../../shared/schemas/auth';
import { FormAlert } from '../../ui/form-alert';
import { TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { useLanguage } from '../../ui/use-language';
import { forgotPassword } from './auth-api';
import { apiErrorKey, isLocaleKey, issuesByField } from './api-error-text';

/** One accordion's form. The answer is the same whether or not the account exists. */
export function ForgotPasswordForm({ business }: { business: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const prefix = business ? 'forgot-business' : 'forgot-individual';
  const [email, setEmail] = useState('');
  const [tva, setTva] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; key: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const schema = business ? forgotPasswordBusinessFormSchema : forgotPasswordSchema;
    const parsed = schema.safeParse({ email, tva: business ? tva : null, language: lng });
    setErrors(parsed.success ? {} : issuesByField(parsed.error));
    if (!parsed.success) return;

    setBusy(true);
    setResult(null);
    try {
      const { message } = await forgotPassword({ email: parsed.data.email, tva: parsed.data.tva ?? null, language: lng });
      setResult({ tone: 'success', key: isLocaleKey(message, i18n) ? message : 'forgetpassword.emailSent' });
    } catch (error) {
      setResult({ tone: 'error', key: apiErrorKey(error, i18n, { network: 'forgetpassword.error', fallback: 'forgetpassword.error' }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      {result && <FormAlert tone={result.tone}>{t(result.key)}</FormAlert>}
      <TextField
        id={`${prefix}-email`}
        label={t('forgetpassword.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email ? t(errors.email) : undefined}
      />
      {business && (
        <TextField
          id={`${prefix}-tva`}
          label={t('forgetpassword.tva')}
          autoComplete="off"
          placeholder="BE0123456789"
          required
          value={tva}
          onChange={(e) => setTva(e.target.value)}
          error={errors.tva ? t(errors.tva) : undefined}
        />
      )}
      <SubmitButton busy={busy} busyLabel={t('forgetpassword.submitting')}>
        {t('forgetpassword.submit')}
      </SubmitButton>
    </form>
  );
}

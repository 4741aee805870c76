import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBusinessFormSchema, forgotPasswordSchema } from '../../../../shared/schemas/auth';
import { FormAlert } from '../../ui/form-alert';
import { TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { errorText, setServerFieldErrors } from '../../ui/forms/server-field-errors';
import { useLanguage } from '../../ui/use-language';
import { forgotPassword } from './auth-api';
import { apiErrorKey, isLocaleKey } from './api-error-text';

/** One accordion's form. The answer is the same whether or not the account exists. */
export function ForgotPasswordForm({ business }: { business: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const prefix = business ? 'forgot-business' : 'forgot-individual';
  const form = useForm({
    resolver: zodResolver(business ? forgotPasswordBusinessFormSchema : forgotPasswordSchema),
    defaultValues: { email: '', tva: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const [result, setResult] = useState<{ tone: 'success' | 'error'; key: string } | null>(null);

  const onSubmit = form.handleSubmit(async (data) => {
    setResult(null);
    try {
      const { message } = await forgotPassword({ email: data.email, tva: business ? (data.tva ?? null) : null, language: lng });
      setResult({ tone: 'success', key: isLocaleKey(message, i18n) ? message : 'forgetpassword.emailSent' });
    } catch (error) {
      setServerFieldErrors(form, error, i18n);
      setResult({ tone: 'error', key: apiErrorKey(error, i18n, { network: 'forgetpassword.error', fallback: 'forgetpassword.error' }) });
    }
  });

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
        {...register('email')}
        error={errorText(t, errors.email)}
      />
      {business && (
        <TextField
          id={`${prefix}-tva`}
          label={t('forgetpassword.tva')}
          autoComplete="off"
          placeholder="BE0123456789"
          required
          {...register('tva')}
          error={errorText(t, errors.tva)}
        />
      )}
      <SubmitButton busy={isSubmitting} busyLabel={t('forgetpassword.submitting')}>
        {t('forgetpassword.submit')}
      </SubmitButton>
    </form>
  );
}

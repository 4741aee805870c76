import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, resetPasswordFormSchema } from '../../../../shared/schemas/auth';
import { ApiError } from '../../api/client';
import { FormAlert } from '../../ui/form-alert';
import { TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { useLanguage } from '../../ui/use-language';
import { checkResetToken, resetPassword } from './auth-api';
import { apiErrorKey } from './api-error-text';
import { errorText, setServerFieldErrors } from '../../ui/forms/server-field-errors';
import { AuthCard } from './auth-card';

export const RESET_REDIRECT_MS = 3_000; // spec §9

type TokenState = 'missing' | 'checking' | 'valid' | 'invalid' | 'unchecked';
type CheckResult = Extract<TokenState, 'valid' | 'invalid' | 'unchecked'>;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // The answer is kept with the token it is about: a new token in the URL is 'checking' until its own arrives.
  const [checked, setChecked] = useState<{ token: string; result: CheckResult } | null>(null);
  const tokenState: TokenState = !token ? 'missing' : checked?.token === token ? checked.result : 'checking';

  // Spec §4: the token is checked on load.
  useEffect(() => {
    if (!token) return;
    let live = true;
    const settle = (result: CheckResult) => live && setChecked({ token, result });
    checkResetToken(token)
      .then(({ valid }) => settle(valid ? 'valid' : 'invalid'))
      .catch((error: unknown) => settle(error instanceof ApiError && error.status === 400 ? 'invalid' : 'unchecked'));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthCard title={t('resetpassword.title')} intro={tokenState === 'valid' ? t('resetpassword.intro') : undefined}>
      {tokenState === 'checking' && (
        <p className="status-line" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('resetpassword.checking')}
        </p>
      )}
      {tokenState === 'missing' && <TokenProblem textKey="resetpassword.missingToken" />}
      {tokenState === 'invalid' && <TokenProblem textKey="resetpassword.invalidToken" />}
      {tokenState === 'unchecked' && <FormAlert tone="error">{t('resetpassword.checkError')}</FormAlert>}
      {tokenState === 'valid' && <ResetForm token={token} />}
    </AuthCard>
  );
}

function TokenProblem({ textKey }: { textKey: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <div className="auth-status">
      <FormAlert tone="error">{t(textKey)}</FormAlert>
      <Link className="button button--secondary" to={`/${lng}/forget-password`} state={{ fromInside: true }}>
        {t('resetpassword.requestNew')}
      </Link>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  // The token rides along as a value of the form: the shared schema checks it with the passwords.
  const form = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { token, newPassword: '', confirmPassword: '' } });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const [failureKey, setFailureKey] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const redirect = setTimeout(() => navigate(`/${lng}/login`, { replace: true, state: { fromInside: true } }), RESET_REDIRECT_MS);
    return () => clearTimeout(redirect);
  }, [done, lng, navigate]);

  const onSubmit = form.handleSubmit(async (data) => {
    setFailureKey(null);
    try {
      await resetPassword(token, data.newPassword);
      setDone(true);
    } catch (error) {
      setServerFieldErrors(form, error, i18n);
      setFailureKey(
        apiErrorKey(error, i18n, {
          network: 'resetpassword.error',
          fallback: 'resetpassword.error',
          byCode: { invalid_token: 'resetpassword.invalidToken' },
        }),
      );
    }
  });

  if (done) {
    return (
      <FormAlert tone="success">
        {t('resetpassword.success')} {t('resetpassword.redirecting')}
      </FormAlert>
    );
  }
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      {failureKey && <FormAlert tone="error">{t(failureKey)}</FormAlert>}
      <TextField
        id="reset-newPassword"
        label={t('resetpassword.newPassword')}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        required
        {...register('newPassword')}
        error={errorText(t, errors.newPassword)}
        hint={t('resetpassword.passwordHint')}
      />
      <TextField
        id="reset-confirmPassword"
        label={t('resetpassword.confirmPassword')}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        required
        {...register('confirmPassword')}
        error={errorText(t, errors.confirmPassword)}
      />
      <SubmitButton busy={isSubmitting} busyLabel={t('resetpassword.submitting')}>
        {t('resetpassword.submit')}
      </SubmitButton>
    </form>
  );
}

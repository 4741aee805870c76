import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '../../../../shared/schemas/auth';
import { ApiError } from '../../api/client';
import { readInsideState } from '../../ui/inside-state';
import { useSession } from '../../app/session/use-session';
import { FormAlert } from '../../ui/form-alert';
import { RetryAlert } from '../../ui/retry-alert';
import { useCountdown } from '../../ui/use-countdown';
import { TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { useLanguage } from '../../ui/use-language';
import { login as loginCall } from './auth-api';
import { apiErrorKey } from './api-error-text';
import { errorText, setServerFieldErrors } from '../../ui/forms/server-field-errors';
import { DiscordLogin } from './discord-login';
import { safeReturnPath } from './safe-return-path';
import { SecondFactorStep } from './second-factor-step';

const DEFAULT_RETRY_SECONDS = 60; // spec §9: default rate-limit wait

/**
 * E-mail and password login, shared by /login and /LoginHub. `onSecondFactor` hears when the code
 * step replaces the form (and when it goes back): the page then hides what does not fit that step.
 */
export function LoginForm({ onSecondFactor }: { onSecondFactor?: (active: boolean) => void } = {}) {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const { state } = useLocation();
  const [params] = useSearchParams();
  const { login } = useSession();
  const from = safeReturnPath(readInsideState(state).from);

  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const {
    register,
    formState: { errors, isSubmitting: busy },
  } = form;
  const [errorKey, setErrorKey] = useState<string | null>(params.get('error') === 'discord' ? 'login.errordiscord' : null);
  const [retryIn, setRetryIn] = useCountdown();
  const [retryStart, setRetryStart] = useState(0);
  // A correct password with the second factor on: the code step replaces the form.
  const [challenge, setChallenge] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (data) => {
    if (retryIn > 0) return;
    setErrorKey(null);
    try {
      const answer = await loginCall(data);
      if ('challenge' in answer) {
        setChallenge(answer.challenge);
        onSecondFactor?.(true);
        return;
      }
      login(answer.user, answer.token);
      navigate(from ?? `/${lng}/`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        const seconds = error.retryAfter ?? DEFAULT_RETRY_SECONDS;
        setRetryStart(seconds);
        setRetryIn(seconds);
      } else {
        setServerFieldErrors(form, error, i18n);
        setErrorKey(
          apiErrorKey(error, i18n, {
            network: 'login.errornetwork',
            fallback: 'login.errorserver',
            byCode: { invalid_credentials: 'login.errorinvalid', busy: 'login.errorbusy', 401: 'login.errorinvalid' },
          }),
        );
      }
    }
  });

  const tooMany = t('login.errortoomany');
  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onSession={({ user, token }) => {
          login(user, token);
          navigate(from ?? `/${lng}/`, { replace: true });
        }}
        onRestart={() => {
          setChallenge(null);
          onSecondFactor?.(false);
          form.setValue('password', '');
        }}
      />
    );
  }
  return (
    <>
      {errorKey && <FormAlert tone="error">{t(errorKey)}</FormAlert>}
      {from?.endsWith('/Cart') && !errorKey && retryIn === 0 && <FormAlert tone="info">{t('login.checkoutReason')}</FormAlert>}
      {retryIn > 0 && <RetryAlert message={tooMany} startSeconds={retryStart} leftSeconds={retryIn} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <TextField
          id="login-email"
          label={t('login.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...register('email')}
          error={errorText(t, errors.email)}
        />
        <TextField
          id="login-password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          {...register('password')}
          error={errorText(t, errors.password)}
        />
        <div className="auth-form__row">
          <Link to={`/${lng}/forget-password`} state={{ fromInside: true }}>
            {t('login.forgot')}
          </Link>
        </div>
        <SubmitButton busy={busy} busyLabel={t('login.submitting')} disabled={retryIn > 0}>
          {t('login.submit')}
        </SubmitButton>
      </form>
      <p className="auth-divider">{t('login.or')}</p>
      <DiscordLogin />
    </>
  );
}

/** Below the card: the way to register, keeping where the user wanted to go. */
export function LoginFooter() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { state } = useLocation();
  const from = safeReturnPath(readInsideState(state).from);
  return (
    <>
      <span>{t('login.noAccount')}</span>
      <Link to={`/${lng}/Register`} state={{ fromInside: true, from }}>
        {t('login.createAccount')}
      </Link>
    </>
  );
}

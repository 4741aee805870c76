import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
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
import { apiErrorKey, issuesByField } from './api-error-text';
import { DiscordLogin } from './discord-login';
import { safeReturnPath } from './safe-return-path';
import { SecondFactorStep } from './second-factor-step';

const DEFAULT_RETRY_SECONDS = 60; // spec §9: default rate-limit wait

/** E-mail and password login, shared by /login and /LoginHub. */
export function LoginForm() {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const { state } = useLocation();
  const [params] = useSearchParams();
  const { login } = useSession();
  const from = safeReturnPath(readInsideState(state).from);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [errorKey, setErrorKey] = useState<string | null>(params.get('error') === 'discord' ? 'login.errordiscord' : null);
  const [busy, setBusy] = useState(false);
  const [retryIn, setRetryIn] = useCountdown();
  const [retryStart, setRetryStart] = useState(0);
  // A correct password with the second factor on: the code step replaces the form.
  const [challenge, setChallenge] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || retryIn > 0) return;
    const parsed = loginSchema.safeParse({ email, password });
    setFieldErrors(parsed.success ? {} : issuesByField(parsed.error));
    if (!parsed.success) return;

    setBusy(true);
    setErrorKey(null);
    try {
      const answer = await loginCall(parsed.data);
      if ('challenge' in answer) {
        setChallenge(answer.challenge);
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
        setErrorKey(
          apiErrorKey(error, i18n, {
            network: 'login.errornetwork',
            fallback: 'login.errorserver',
            byCode: { invalid_credentials: 'login.errorinvalid', busy: 'login.errorbusy', 401: 'login.errorinvalid' },
          }),
        );
      }
    } finally {
      setBusy(false);
    }
  }

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
          setPassword('');
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
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors.email ? t(fieldErrors.email) : undefined}
        />
        <TextField
          id="login-password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password ? t(fieldErrors.password) : undefined}
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

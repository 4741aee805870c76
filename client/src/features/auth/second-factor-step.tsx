import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthResponse } from '../../../../shared/schemas/auth';
import { recoveryCodeSchema, totpCodeSchema } from '../../../../shared/schemas/two-factor';
import { ApiError } from '../../api/client';
import { FormAlert } from '../../ui/form-alert';
import { TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { completeSecondFactor } from './auth-api';
import '../../styles/two-factor.css';

interface Props {
  challenge: string;
  onSession: (session: AuthResponse) => void;
  /** The challenge expired or wore out: back to the password (or Discord) step. */
  onRestart: () => void;
}

/**
 * The login's code step (after a correct password or a Discord login, when the second factor is
 * on): six digits from the app, or one of the recovery codes.
 */
export function SecondFactorStep({ challenge, onSession, onRestart }: Props) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = (useRecovery ? recoveryCodeSchema : totpCodeSchema).safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'twoFactor.errors.codeFormat');
      return;
    }
    setFieldError(null);
    setErrorKey(null);
    setBusy(true);
    try {
      const session = await completeSecondFactor(useRecovery ? { challenge, recoveryCode: parsed.data } : { challenge, code: parsed.data });
      onSession(session);
    } catch (error) {
      setBusy(false);
      const code = error instanceof ApiError ? error.error : '';
      if (code === 'challenge_expired') setExpired(true);
      else if (code === 'invalid_second_factor_code') setErrorKey('twoFactor.errors.codeWrong');
      else if (error instanceof ApiError && error.status === 429) setErrorKey('twoFactor.errors.tooMany');
      else setErrorKey('twoFactor.errors.generic');
    }
  }

  if (expired) {
    return (
      <>
        <FormAlert tone="error">{t('twoFactor.errors.expired')}</FormAlert>
        <button type="button" className="button button--primary button--block" onClick={onRestart}>
          {t('twoFactor.restart')}
        </button>
      </>
    );
  }

  return (
    <>
      <p className="auth-card__text">{t(useRecovery ? 'twoFactor.loginRecoveryIntro' : 'twoFactor.loginIntro')}</p>
      {errorKey && <FormAlert tone="error">{t(errorKey)}</FormAlert>}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {useRecovery ? (
          <TextField
            key="recovery"
            id="second-factor-recovery"
            label={t('twoFactor.recoveryLabel')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            placeholder="xxxx-xxxx-xxxx-xxxx"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={fieldError ? t(fieldError) : undefined}
          />
        ) : (
          <TextField
            key="totp"
            id="second-factor-code"
            label={t('twoFactor.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            autoFocus
            className="field--code"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={fieldError ? t(fieldError) : undefined}
          />
        )}
        <SubmitButton busy={busy} busyLabel={t('twoFactor.verifying')}>
          {t('twoFactor.verify')}
        </SubmitButton>
      </form>
      <div className="auth-form__row">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
            setFieldError(null);
            setErrorKey(null);
          }}
        >
          {t(useRecovery ? 'twoFactor.useApp' : 'twoFactor.useRecovery')}
        </button>
      </div>
    </>
  );
}

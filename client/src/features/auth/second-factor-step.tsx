import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { AuthResponse } from '../../../../shared/schemas/auth';
import { recoveryCodeSchema, totpCodeSchema } from '../../../../shared/schemas/two-factor';
import { ApiError } from '../../api/client';
import { FormAlert } from '../../ui/form-alert';
import { TextField } from '../../ui/form-field';
import { errorText } from '../../ui/forms/server-field-errors';
import { SubmitButton } from '../../ui/submit-button';
import { completeSecondFactor } from './auth-api';
import '../../styles/two-factor.css';

interface Props {
  challenge: string;
  onSession: (session: AuthResponse) => void;
  /** The challenge expired or wore out: back to the password (or Discord) step. */
  onRestart: () => void;
}

// One field, read by the app's six digits or by a recovery code's rule.
const totpForm = z.object({ code: totpCodeSchema });
const recoveryForm = z.object({ code: recoveryCodeSchema });

/**
 * The login's code step (after a correct password or a Discord login, when the second factor is
 * on): six digits from the app, or one of the recovery codes.
 */
export function SecondFactorStep({ challenge, onSession, onRestart }: Props) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm({ resolver: zodResolver(useRecovery ? recoveryForm : totpForm), defaultValues: { code: '' } });
  const {
    register,
    formState: { errors, isSubmitting: busy },
  } = form;
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setErrorKey(null);
    try {
      const session = await completeSecondFactor(useRecovery ? { challenge, recoveryCode: code } : { challenge, code });
      onSession(session);
    } catch (error) {
      const failure = error instanceof ApiError ? error.error : '';
      if (failure === 'challenge_expired') setExpired(true);
      else if (failure === 'invalid_second_factor_code') setErrorKey('twoFactor.errors.codeWrong');
      else if (error instanceof ApiError && error.status === 429) setErrorKey('twoFactor.errors.tooMany');
      else setErrorKey('twoFactor.errors.generic');
    }
  });

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
            {...register('code')}
            error={errorText(t, errors.code)}
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
            {...register('code')}
            error={errorText(t, errors.code)}
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
            form.reset();
            setErrorKey(null);
          }}
        >
          {t(useRecovery ? 'twoFactor.useApp' : 'twoFactor.useRecovery')}
        </button>
      </div>
    </>
  );
}

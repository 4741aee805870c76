import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { SessionUser } from '../../../../shared/schemas/auth';
import { staffAuthApi } from '../../../../shared/contract/staff-auth';
import { verifyAdminPasswordSchema } from '../../../../shared/schemas/staff/auth';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/client';
import { FormAlert } from '../../ui/form-alert';
import { RetryAlert } from '../../ui/retry-alert';
import { useCountdown } from '../../ui/use-countdown';
import { TextField } from '../../ui/form-field';
import { errorText } from '../../ui/forms/server-field-errors';
import { SubmitButton } from '../../ui/submit-button';
import { StaffCard } from './staff-card';
import { useNavigate } from 'react-router-dom';
import { useLanguage } from '../../ui/use-language';
import { SECOND_FACTOR_REQUIRED } from './second-factor-gate';

const DEFAULT_RETRY_SECONDS = 60; // spec §9: default rate-limit wait, as at login

// Spec §5: required and non-empty, by the server's own rule; nothing is sent without it.
const adminPasswordForm = z.object({ password: verifyAdminPasswordSchema.shape.admin_password });
const checkPassword = zodResolver(adminPasswordForm, { error: () => 'staff.password.required' });

interface Props {
  user: SessionUser;
  sessionToken: string;
  /** The staff token was refused a moment ago: say why the password is asked again. */
  expired: boolean;
  onVerified: (adminToken: string) => void;
  /** The session itself was refused (401 other than a wrong password). */
  onSessionEnded: () => void;
}

/** The admin password check before the dashboard (spec §2 "Staff dashboard", §5, §8). */
export function AdminPasswordScreen({ user, sessionToken, expired, onVerified, onSessionEnded }: Props) {
  const { t } = useTranslation();
  const form = useForm({ resolver: checkPassword, defaultValues: { password: '' } });
  const {
    register,
    formState: { errors, isSubmitting: busy },
  } = form;
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [retryIn, setRetryIn] = useCountdown();
  const [retryStart, setRetryStart] = useState(0);
  const navigate = useNavigate();
  const lng = useLanguage();

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (retryIn > 0) return;
    setErrorKey(null);
    try {
      const answer = await callApi(
        staffAuthApi.verifyAdminPassword,
        { body: { userId: user.id, admin_password: password } },
        { token: sessionToken },
      );
      if (!answer.success || !answer.adminToken) throw new Error('no staff token in the answer');
      onVerified(answer.adminToken);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.error === SECOND_FACTOR_REQUIRED) {
        // No second factor yet (or reset by an admin): its enrolment first.
        navigate(`/${lng}/settings/two-factor`, { replace: true, state: { fromInside: true } });
      } else if (error instanceof ApiError && error.status === 401 && error.error === 'wrong_admin_password') {
        setErrorKey('staff.password.wrong');
      } else if (error instanceof ApiError && error.status === 401) {
        onSessionEnded();
      } else if (error instanceof ApiError && error.status === 429) {
        // As the login form: the wait the server gives, counted down; the button waits with it.
        const seconds = error.retryAfter ?? DEFAULT_RETRY_SECONDS;
        setRetryStart(seconds);
        setRetryIn(seconds);
      } else {
        setErrorKey('staff.password.error');
      }
    }
  });

  return (
    <StaffCard title={t('staff.password.title')} intro={t('staff.password.intro')}>
      {expired && !errorKey && <FormAlert tone="info">{t('staff.password.expired')}</FormAlert>}
      {errorKey && <FormAlert tone="error">{t(errorKey)}</FormAlert>}
      {retryIn > 0 && <RetryAlert message={t('staff.password.tooMany')} startSeconds={retryStart} leftSeconds={retryIn} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <TextField
          id="admin-password"
          label={t('staff.password.label')}
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          {...register('password')}
          error={errorText(t, errors.password)}
        />
        <SubmitButton busy={busy} busyLabel={t('staff.password.busy')} disabled={retryIn > 0}>
          {t('staff.password.submit')}
        </SubmitButton>
      </form>
    </StaffCard>
  );
}

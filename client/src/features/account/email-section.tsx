import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountApi } from '../../../../shared/contract/account';
import { changeEmailSchema } from '../../../../shared/schemas/account';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { FormAlert } from '../../ui/form-alert';
import { TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { errorText, setServerFieldErrors } from '../../ui/forms/server-field-errors';
import { apiAlertKey } from './account-errors';
import { AccountCard } from './account-shell';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** Change e-mail: a link goes to the new address; nothing changes until it is opened. */
export function EmailSection({ email, pendingEmail, hasPassword }: { email: string; pendingEmail: string | null; hasPassword: boolean }) {
  const { t, i18n } = useTranslation();
  const api = useAuthedApi();
  // An account made through Discord has no password to give: the field is neither shown nor sent.
  const form = useForm({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: hasPassword ? { newEmail: '', currentPassword: '' } : { newEmail: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const [pending, setPending] = useState(pendingEmail);
  const [notice, setNotice] = useState<Notice>(null);

  const onSubmit = form.handleSubmit(async (data) => {
    setNotice(null);
    try {
      const answer = await api.call(accountApi.changeEmail, { body: data });
      setPending(answer.pendingEmail);
      form.reset();
      setNotice({ tone: 'success', text: t('settings.emailSent', { email: answer.pendingEmail }) });
    } catch (error) {
      setServerFieldErrors(form, error, i18n, { fallback: 'register.errorform' });
      setNotice({ tone: 'error', text: t(apiAlertKey(error)) });
    }
  });

  return (
    <AccountCard id="email" title={t('settings.emailTitle')} intro={t('settings.emailIntro')}>
      <p className="account-current">{t('settings.currentEmail', { email })}</p>
      {pending && !notice && <FormAlert tone="info">{t('settings.emailPending', { email: pending })}</FormAlert>}
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <form className="account-form account-form--compact" onSubmit={onSubmit} noValidate aria-labelledby="email">
        <TextField
          id="settings-newEmail"
          label={t('settings.newEmail')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...register('newEmail')}
          error={errorText(t, errors.newEmail)}
        />
        {hasPassword && (
          <TextField
            id="settings-emailPassword"
            label={t('settings.currentPassword')}
            type="password"
            autoComplete="current-password"
            required
            {...register('currentPassword')}
            error={errorText(t, errors.currentPassword)}
          />
        )}
        <SubmitButton busy={isSubmitting} busyLabel={t('settings.emailSending')} className="account-form__submit">
          {t('settings.emailSubmit')}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}

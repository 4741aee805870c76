import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountApi } from '../../../../shared/contract/account';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/schemas/auth';
import { changePasswordFormSchema } from '../../../../shared/schemas/account';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { FormAlert } from '../../ui/form-alert';
import { TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { useLanguage } from '../../ui/use-language';
import { errorText, setServerFieldErrors } from '../../ui/forms/server-field-errors';
import { apiAlertKey } from './account-errors';
import { AccountCard } from './account-shell';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Notice = { tone: 'success' | 'error'; text: string } | null;

/** Change password: the current one required; every other device is logged out (the server says how many). */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = useLanguage();
  const api = useAuthedApi();
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const [notice, setNotice] = useState<Notice>(null);

  if (!hasPassword) {
    return (
      <AccountCard id="password-title" title={t('settings.passwordTitle')}>
        <p className="account-card__intro">{t('settings.noPassword')}</p>
        <Link className="button button--secondary" to={`/${lng}/forget-password`}>
          {t('settings.noPasswordLink')}
        </Link>
      </AccountCard>
    );
  }

  const onSubmit = form.handleSubmit(async (data) => {
    setNotice(null);
    try {
      const { endedSessions } = await api.call(accountApi.changePassword, {
        body: { currentPassword: data.currentPassword, newPassword: data.newPassword },
      });
      form.reset(EMPTY);
      setNotice({ tone: 'success', text: t('settings.passwordDone', { count: endedSessions }) });
    } catch (error) {
      setServerFieldErrors(form, error, i18n, { fallback: 'register.errorform' });
      setNotice({ tone: 'error', text: t(apiAlertKey(error)) });
    }
  });

  const field = (name: keyof typeof EMPTY, autoComplete: string) => ({
    id: `settings-${name}`,
    label: t(`settings.${name}`),
    type: 'password',
    autoComplete,
    required: true,
    ...register(name),
    error: errorText(t, errors[name]),
  });

  return (
    <AccountCard id="password-title" title={t('settings.passwordTitle')} intro={t('settings.passwordIntro')}>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <form className="account-form account-form--compact" onSubmit={onSubmit} noValidate aria-labelledby="password-title">
        <TextField {...field('currentPassword', 'current-password')} />
        <TextField {...field('newPassword', 'new-password')} minLength={PASSWORD_MIN_LENGTH} hint={t('register.passwordHint')} />
        <TextField {...field('confirmPassword', 'new-password')} minLength={PASSWORD_MIN_LENGTH} />
        <SubmitButton busy={isSubmitting} busyLabel={t('settings.passwordSaving')} className="account-form__submit">
          {t('settings.passwordSubmit')}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}

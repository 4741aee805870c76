import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../../../shared/contract/account';
import { changeEmailSchema } from '../../../../shared/schemas/account';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { FormAlert } from '../../ui/form-alert';
import { TextField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { apiAlertKey, apiFieldErrors, issuesByField } from './account-errors';
import { AccountCard } from './account-shell';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** Change e-mail: a link goes to the new address; nothing changes until it is opened. */
export function EmailSection({ email, pendingEmail, hasPassword }: { email: string; pendingEmail: string | null; hasPassword: boolean }) {
  const { t, i18n } = useTranslation();
  const api = useAuthedApi();
  const [values, setValues] = useState({ newEmail: '', currentPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(pendingEmail);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = changeEmailSchema.safeParse(hasPassword ? values : { newEmail: values.newEmail });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    if (hasPassword && !values.currentPassword) {
      setErrors({ currentPassword: 'account.errorcurrentrequired' });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const answer = await api.call(accountApi.changeEmail, { body: parsed.data });
      setPending(answer.pendingEmail);
      setValues({ newEmail: '', currentPassword: '' });
      setErrors({});
      setNotice({ tone: 'success', text: t('settings.emailSent', { email: answer.pendingEmail }) });
    } catch (error) {
      setErrors(apiFieldErrors(error, i18n));
      setNotice({ tone: 'error', text: t(apiAlertKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  const error = (name: string) => (errors[name] ? t(errors[name]) : undefined);
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
          value={values.newEmail}
          onChange={(e) => {
            setValues((v) => ({ ...v, newEmail: e.target.value }));
            setErrors(({ newEmail: _gone, ...rest }) => rest);
          }}
          error={error('newEmail')}
        />
        {hasPassword && (
          <TextField
            id="settings-emailPassword"
            label={t('settings.currentPassword')}
            type="password"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={(e) => {
              setValues((v) => ({ ...v, currentPassword: e.target.value }));
              setErrors(({ currentPassword: _gone, ...rest }) => rest);
            }}
            error={error('currentPassword')}
          />
        )}
        <SubmitButton busy={busy} busyLabel={t('settings.emailSending')} className="account-form__submit">
          {t('settings.emailSubmit')}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}

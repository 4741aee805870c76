import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { sshKeyAddSchema } from '../../../../../shared/schemas/ssh-keys';
import { FormAlert } from '../../../ui/form-alert';
import { FormField, TextField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { errorText, setServerFieldErrors } from '../../../ui/forms/server-field-errors';
import { useAddSshKey } from './api/add-ssh-key';
import { addKeyAlertKey } from './ssh-key-errors';

const EMPTY = { name: '', publicKey: '' };
type Notice = { tone: 'success' | 'error'; text: string } | null;

/** Name and the line of a .pub file; the server reads the key itself and answers with its fingerprint. */
export function AddSshKeyForm() {
  const { t, i18n } = useTranslation();
  const add = useAddSshKey();
  const form = useForm({ resolver: zodResolver(sshKeyAddSchema), defaultValues: EMPTY });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const [notice, setNotice] = useState<Notice>(null);

  const onSubmit = form.handleSubmit(async (data) => {
    setNotice(null);
    try {
      const { sshKey } = await add.mutateAsync(data);
      form.reset(EMPTY);
      setNotice({ tone: 'success', text: t('sshkeys.addedNotice', { name: sshKey.name }) });
    } catch (error) {
      setServerFieldErrors(form, error, i18n, { fallback: 'sshkeys.errorkey' });
      const alert = addKeyAlertKey(error);
      if (alert) setNotice({ tone: 'error', text: t(alert) });
    }
  });

  return (
    <form className="account-form account-form--compact" onSubmit={onSubmit} noValidate aria-labelledby="ssh-key-add-title">
      <h3 id="ssh-key-add-title" className="ssh-keys__subtitle">
        {t('sshkeys.addTitle')}
      </h3>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <TextField
        id="ssh-key-name"
        label={t('sshkeys.name')}
        hint={t('sshkeys.nameHint')}
        required
        maxLength={64}
        autoComplete="off"
        {...register('name')}
        error={errorText(t, errors.name)}
      />
      <FormField
        id="ssh-key-public"
        label={t('sshkeys.publicKey')}
        hint={t('sshkeys.publicKeyHint')}
        required
        error={errorText(t, errors.publicKey)}
      >
        {(control) => (
          <textarea
            className="input textarea ssh-keys__input"
            rows={4}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            required
            placeholder="ssh-ed25519 AAAAC3Nza… vous@portable"
            {...register('publicKey')}
            {...control}
          />
        )}
      </FormField>
      <SubmitButton busy={isSubmitting} busyLabel={t('sshkeys.saving')} className="account-form__submit">
        {t('sshkeys.submit')}
      </SubmitButton>
    </form>
  );
}

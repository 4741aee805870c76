import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { sftpPasswordSchema } from '../../../../../../shared/schemas/game-files';
import { FormAlert } from '../../../../ui/form-alert';
import { TextField } from '../../../../ui/form-field';
import { errorText, setServerFieldErrors } from '../../../../ui/forms/server-field-errors';
import { SubmitButton } from '../../../../ui/submit-button';
import { useSetSftpPassword } from '../../api/set-sftp-password';
import { CopyValueButton } from '../../copy-value-button';
import { problemText } from './problem-text';

/** The field left empty asks the server to make a password; otherwise the API's own rules. */
const formSchema = z.object({ password: z.union([z.literal(''), sftpPasswordSchema.shape.password.unwrap()]) });
type FormValues = z.infer<typeof formSchema>;

/** Sets or resets the SFTP password; the answer shows it once, with a copy button, and it is gone on reload. */
export function SftpPasswordForm({ serviceId }: { serviceId: number }) {
  const { t, i18n } = useTranslation();
  const save = useSetSftpPassword(serviceId);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { password: '' } });
  const [shown, setShown] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setShown(null);
    setFailed(null);
    try {
      const answer = await save.mutateAsync(password === '' ? {} : { password });
      setShown(answer.password);
      form.reset({ password: '' });
    } catch (error) {
      if (setServerFieldErrors(form, error, i18n, { fallback: 'panel.files.sftp.error' })) return;
      setFailed(problemText(error, 'panel.files.sftp.error'));
    }
  });

  return (
    <form className="game-sftp__form" noValidate onSubmit={onSubmit} aria-labelledby="game-sftp-password-title">
      <h5 id="game-sftp-password-title" className="game-files__minor">
        {t('panel.files.sftp.passwordTitle')}
      </h5>
      <p className="game-files__muted">{t('panel.files.sftp.passwordIntro')}</p>
      {failed && <FormAlert tone="error">{t(failed)}</FormAlert>}
      {shown && (
        <FormAlert tone="success">
          <p className="game-sftp__done">{t('panel.files.sftp.done')}</p>
          <span className="game-sftp__secret">
            <span className="visually-hidden">{t('panel.files.sftp.shown')} </span>
            <code className="vps-mono" data-testid="sftp-password">
              {shown}
            </code>
            <CopyValueButton value={shown} label={t('panel.files.sftp.copyPassword')} />
          </span>
        </FormAlert>
      )}
      <TextField
        id={`game-sftp-password-${serviceId}`}
        type="password"
        label={t('panel.files.sftp.password')}
        hint={t('panel.files.sftp.passwordHint')}
        autoComplete="new-password"
        {...form.register('password')}
        error={errorText(t, form.formState.errors.password)}
      />
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('panel.files.sftp.saving')} className="game-files__submit">
        {t('panel.files.sftp.submit')}
      </SubmitButton>
    </form>
  );
}

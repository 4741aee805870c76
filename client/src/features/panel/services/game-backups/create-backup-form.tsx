import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { gameBackupCreateSchema, type GameBackupCreateInput } from '../../../../../../shared/schemas/game-backups';
import { TextField } from '../../../../ui/form-field';
import { errorText, setServerFieldErrors } from '../../../../ui/forms/server-field-errors';
import { SubmitButton } from '../../../../ui/submit-button';
import { useCreateGameBackup } from '../../api/create-game-backup';
import { backupProblemKey } from './backup-problem';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** "Faire une sauvegarde", with an optional name; at the offer's limit the button waits for a delete. */
export function CreateBackupForm({ serviceId, full, onNotice }: { serviceId: number; full: boolean; onNotice: (notice: Notice) => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateGameBackup(serviceId);
  const form = useForm<GameBackupCreateInput>({ resolver: zodResolver(gameBackupCreateSchema), defaultValues: { name: '' } });

  const onSubmit = form.handleSubmit(async (body) => {
    onNotice(null);
    try {
      await create.mutateAsync({ name: body.name || undefined });
      form.reset({ name: '' });
      onNotice({ tone: 'success', text: t('panel.backups.created') });
    } catch (error) {
      if (setServerFieldErrors(form, error, i18n, { fallback: 'panel.backups.errorName' })) return;
      onNotice({ tone: 'error', text: t(backupProblemKey(error)) });
    }
  });

  return (
    <form className="game-backups__form" noValidate onSubmit={onSubmit}>
      <TextField
        id={`game-backup-name-${serviceId}`}
        label={t('panel.backups.name')}
        hint={full ? t('panel.backups.limitReached') : t('panel.backups.nameHint')}
        autoComplete="off"
        maxLength={191}
        disabled={full}
        {...form.register('name')}
        error={errorText(t, form.formState.errors.name)}
      />
      <SubmitButton busy={create.isPending} busyLabel={t('panel.backups.creatingBusy')} disabled={full} className="game-backups__create">
        {t('panel.backups.create')}
      </SubmitButton>
    </form>
  );
}

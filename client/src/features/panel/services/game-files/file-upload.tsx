import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES } from '../../../../../../shared/schemas/game-files';
import { FormAlert } from '../../../../ui/form-alert';
import { useUploadGameFile } from '../../api/upload-game-file';
import { problemText } from './problem-text';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** One file into the directory shown; past 25 MB the customer is sent to SFTP before anything is sent. */
export function FileUpload({ serviceId, directory }: { serviceId: number; directory: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const form = useForm<{ files: FileList | null }>({ defaultValues: { files: null } });
  const upload = useUploadGameFile(serviceId);
  const [notice, setNotice] = useState<Notice>(null);

  const onSubmit = form.handleSubmit(async ({ files }) => {
    setNotice(null);
    const file = files?.[0];
    if (!file) return setNotice({ tone: 'error', text: t('panel.files.upload.choose') });
    if (file.size > UPLOAD_MAX_BYTES) return setNotice({ tone: 'error', text: t('panel.files.upload.tooLarge') });
    try {
      const saved = await upload.mutateAsync({ directory, file });
      setNotice({ tone: 'success', text: t('panel.files.upload.done', { name: saved.name }) });
      form.reset();
    } catch (error) {
      setNotice({ tone: 'error', text: t(problemText(error, 'panel.files.upload.error')) });
    }
  });

  return (
    <form className="game-files__upload" onSubmit={(event) => void onSubmit(event)}>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <label htmlFor={inputId} className="game-files__label">
        {t('panel.files.upload.label')}
      </label>
      <div className="game-files__upload-row">
        <input id={inputId} type="file" className="game-files__file-input" {...form.register('files')} />
        <button type="submit" className="button button--secondary" disabled={upload.isPending} aria-busy={upload.isPending || undefined}>
          {upload.isPending ? t('panel.files.upload.sending') : t('panel.files.upload.submit')}
        </button>
      </div>
    </form>
  );
}

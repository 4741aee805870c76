import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { gameFileWriteSchema, type GameFileWriteInput } from '../../../../../../shared/schemas/game-files';
import { FormAlert } from '../../../../ui/form-alert';
import { FormField } from '../../../../ui/form-field';
import { errorText } from '../../../../ui/forms/server-field-errors';
import { ListState } from '../../../../ui/list-state';
import { queryListState } from '../../../../ui/query-list-state';
import { SubmitButton } from '../../../../ui/submit-button';
import { useGameFile } from '../../api/get-game-file';
import { useSaveGameFile } from '../../api/save-game-file';
import { problemText } from './problem-text';

/** A text file opened in a textarea (server.properties and the like), saved back whole. */
export function FileEditor({ serviceId, file, onClose }: { serviceId: number; file: string; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useGameFile(serviceId, file);
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const name = file.slice(file.lastIndexOf('/') + 1);

  // Opened from a row: the editor takes the focus, so keyboard and screen-reader users land in it.
  useEffect(() => title.current?.focus(), [file]);

  return (
    <section className="game-editor" aria-labelledby={titleId}>
      <div className="game-editor__header">
        <h5 id={titleId} ref={title} tabIndex={-1} className="game-files__minor">
          {t('panel.files.editor.title', { file: name })}
        </h5>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('panel.files.editor.close')}
        </button>
      </div>
      {query.error ? (
        <FormAlert tone="error">{t(problemText(query.error, 'panel.files.editor.failed'))}</FormAlert>
      ) : (
        <ListState
          look="panel"
          state={queryListState(query)}
          loading={t('panel.files.editor.loading')}
          failed={t('panel.files.editor.failed')}
        >
          {({ data }) => <EditorForm key={file} serviceId={serviceId} file={file} name={name} content={data.content} />}
        </ListState>
      )}
    </section>
  );
}

function EditorForm({ serviceId, file, name, content }: { serviceId: number; file: string; name: string; content: string }) {
  const { t } = useTranslation();
  const save = useSaveGameFile(serviceId);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<GameFileWriteInput>({ resolver: zodResolver(gameFileWriteSchema), defaultValues: { file, content } });
  const id = `game-editor-${serviceId}`;

  const onSubmit = form.handleSubmit(async (body) => {
    setNotice(null);
    try {
      await save.mutateAsync(body);
      setNotice({ tone: 'success', text: t('panel.files.editor.saved', { file: name }) });
    } catch (error) {
      setNotice({ tone: 'error', text: t(problemText(error, 'panel.files.editor.error')) });
    }
  });

  return (
    <form className="game-editor__form" noValidate onSubmit={onSubmit}>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <FormField id={id} label={t('panel.files.editor.label', { file: name })} error={errorText(t, form.formState.errors.content)}>
        {(control) => (
          <textarea
            className="input game-editor__text"
            rows={18}
            spellCheck={false}
            wrap="off"
            {...form.register('content')}
            {...control}
          />
        )}
      </FormField>
      <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('panel.files.editor.saving')} className="game-files__submit">
        {t('panel.files.editor.save')}
      </SubmitButton>
    </form>
  );
}

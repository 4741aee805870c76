import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameFilesApi } from '../../../../../../shared/contract/game-files';
import { pathOf } from '../../../../../../shared/contract/endpoint';
import type { GameFileEntryDto } from '../../../../../../shared/schemas/game-files';
import { ListState } from '../../../../ui/list-state';
import { queryListState } from '../../../../ui/query-list-state';
import { useLanguage } from '../../../../ui/use-language';
import { useGameDirectory } from '../../api/get-game-directory';
import { useFileDownloads } from '../../use-file-downloads';
import { FileEditor } from './file-editor';
import { formatFileSize } from './file-size';
import { FileUpload } from './file-upload';

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/')) || '/';

/** The game server's files, one directory at a time: open a folder, download or edit a file, upload here. */
export function FileBrowser({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const [directory, setDirectory] = useState('/');
  const [editing, setEditing] = useState<string | null>(null);
  const query = useGameDirectory(serviceId, directory);
  const { downloading, download } = useFileDownloads('panel.files.browser.downloadFailed');

  const downloadUrl = (file: string) => `${pathOf(gameFilesApi.download, { id: serviceId })}?${new URLSearchParams({ file })}`;

  return (
    <div className="game-files__block">
      <h4 className="game-files__subtitle">{t('panel.files.browser.title')}</h4>
      <nav className="game-files__path" aria-label={t('panel.files.browser.path')}>
        <code className="vps-mono">{directory}</code>
        {directory !== '/' && (
          <button type="button" className="button button--secondary game-files__up" onClick={() => setDirectory(parentOf(directory))}>
            ↑ {t('panel.files.browser.up')}
          </button>
        )}
      </nav>
      <ListState
        look="panel"
        state={queryListState(query)}
        loading={t('panel.files.browser.loading')}
        failed={t('panel.files.browser.failed')}
        retry={{ label: t('panel.files.browser.retry'), onRetry: () => query.refetch() }}
        isEmpty={({ data }) => data.entries.length === 0}
        empty={t('panel.files.browser.empty')}
      >
        {({ data }) => (
          <ul className="game-files__list" aria-label={t('panel.files.browser.title')}>
            {data.entries.map((entry) => (
              <FileRow
                key={entry.path}
                entry={entry}
                onOpen={() => setDirectory(entry.path)}
                onEdit={() => setEditing(entry.path)}
                onDownload={() => void download(entry.path, downloadUrl(entry.path), entry.name)}
                downloading={downloading.has(entry.path)}
              />
            ))}
          </ul>
        )}
      </ListState>
      <FileUpload serviceId={serviceId} directory={directory} />
      {editing && <FileEditor serviceId={serviceId} file={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function FileRow(props: { entry: GameFileEntryDto; onOpen: () => void; onEdit: () => void; onDownload: () => void; downloading: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { entry } = props;
  // The shop's own time zone, as the service's history shows its times.
  const modified = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(
    new Date(entry.modifiedAt),
  );
  return (
    <li className="game-file" data-kind={entry.kind}>
      {entry.kind === 'directory' ? (
        <button
          type="button"
          className="game-file__name game-file__open"
          onClick={props.onOpen}
          aria-label={t('panel.files.browser.open', { name: entry.name })}
        >
          <FolderIcon />
          {entry.name}
        </button>
      ) : (
        <span className="game-file__name">{entry.name}</span>
      )}
      <span className="game-file__meta">
        {entry.kind === 'directory' ? t('panel.files.browser.directory') : formatFileSize(entry.size, language)} ·{' '}
        <time dateTime={entry.modifiedAt}>{modified}</time>
      </span>
      {entry.kind === 'file' && (
        <span className="game-file__actions">
          {entry.editable && (
            <button
              type="button"
              className="button button--secondary"
              onClick={props.onEdit}
              aria-label={t('panel.files.browser.editLabel', { name: entry.name })}
            >
              {t('panel.files.browser.edit')}
            </button>
          )}
          <button
            type="button"
            className="button button--secondary"
            onClick={props.onDownload}
            disabled={props.downloading}
            aria-busy={props.downloading || undefined}
            aria-label={t('panel.files.browser.downloadLabel', { name: entry.name })}
          >
            {t('panel.files.browser.download')}
          </button>
        </span>
      )}
    </li>
  );
}

function FolderIcon() {
  return (
    <svg className="game-file__icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M1.5 4A1.5 1.5 0 0 1 3 2.5h3l1.5 1.5H13A1.5 1.5 0 0 1 14.5 5.5v6A1.5 1.5 0 0 1 13 13H3a1.5 1.5 0 0 1-1.5-1.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
      />
    </svg>
  );
}

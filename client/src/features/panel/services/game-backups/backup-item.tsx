import { useTranslation } from 'react-i18next';
import type { GameBackupDto } from '../../../../../../shared/schemas/game-backups';
import { useLanguage } from '../../../../ui/use-language';
import { backupSize } from './backup-size';

interface Props {
  backup: GameBackupDto;
  /** A restore runs on the server, or another action on this list is on its way. */
  busy: boolean;
  downloading: boolean;
  onRestore: () => void;
  onDownload: () => void;
  onDelete: () => void;
}

/** One backup: its name, status, date and size, and what can be done with it. */
export function BackupItem({ backup, busy, downloading, onRestore, onDownload, onDelete }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const completed = backup.status === 'completed';
  // Brussels time, as the service's history says it.
  const started = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(
    new Date(backup.createdAt),
  );
  return (
    <li className={`game-backup game-backup--${backup.status}`}>
      <div className="game-backup__what">
        <span className="game-backup__name">{backup.name}</span>
        <span className="game-backup__meta">
          <span className={`game-backup__status game-backup__status--${backup.status}`}>
            {backup.status === 'creating' && <span className="spinner" aria-hidden="true" />}
            {t(`panel.backups.status.${backup.status}`)}
          </span>
          <span>{t('panel.backups.startedAt', { date: started })}</span>
          {completed && <span>{backupSize(backup.size, lng, t)}</span>}
        </span>
      </div>
      <div className="game-backup__actions" role="group" aria-label={t('panel.backups.actionsFor', { name: backup.name })}>
        {completed && (
          <>
            <button type="button" className="button button--secondary button--small" disabled={busy} onClick={onRestore}>
              {t('panel.backups.restore')}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={downloading}
              aria-busy={downloading || undefined}
              onClick={onDownload}
            >
              {downloading && <span className="spinner" aria-hidden="true" />}
              {t('panel.backups.download')}
            </button>
          </>
        )}
        <button type="button" className="button button--secondary button--small game-backup__delete" disabled={busy} onClick={onDelete}>
          {t('panel.backups.delete')}
        </button>
      </div>
    </li>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathOf } from '../../../../../../shared/contract/endpoint';
import { gameBackupsApi } from '../../../../../../shared/contract/game-backups';
import type { GameBackupDto } from '../../../../../../shared/schemas/game-backups';
import type { ServiceDto } from '../../../../../../shared/schemas/services';
import { useDialogs } from '../../../../ui/dialogs/dialog-context';
import { FormAlert } from '../../../../ui/form-alert';
import { ListState } from '../../../../ui/list-state';
import { queryListState } from '../../../../ui/query-list-state';
import { useDeleteGameBackup } from '../../api/delete-game-backup';
import { useGameBackups } from '../../api/get-game-backups';
import { useRestoreGameBackup } from '../../api/restore-game-backup';
import { useFileDownloads } from '../../use-file-downloads';
import { BackupItem } from './backup-item';
import { backupProblemKey } from './backup-problem';
import { CreateBackupForm } from './create-backup-form';
import '../../../../styles/game-backups.css';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * A game server's backups (issue 33): "x of y" of the offer, each with its status (read every 2 s
 * while one is being made or restored), restore after a confirmation that says the files are
 * replaced, download through our origin, delete; the nightly backup said when the offer has one.
 */
export function GameBackups({ service }: { service: ServiceDto }) {
  if (service.kind !== 'game' || service.status !== 'active') return null;
  return <GameBackupsSection serviceId={service.id} />;
}

function GameBackupsSection({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const query = useGameBackups(serviceId);
  const restore = useRestoreGameBackup(serviceId);
  const remove = useDeleteGameBackup(serviceId);
  const { downloading, download } = useFileDownloads('panel.backups.downloadError');
  const [notice, setNotice] = useState<Notice>(null);

  async function askRestore(backup: GameBackupDto) {
    const sure = await dialogs.confirm(t('panel.backups.restoreConfirm', { name: backup.name }), {
      confirmLabel: t('panel.backups.restoreConfirmLabel'),
      tone: 'danger',
    });
    if (!sure) return;
    setNotice(null);
    try {
      await restore.mutateAsync(backup.id);
      setNotice({ tone: 'success', text: t('panel.backups.restoreStarted') });
    } catch (error) {
      setNotice({ tone: 'error', text: t(backupProblemKey(error)) });
    }
  }

  async function askDelete(backup: GameBackupDto) {
    const sure = await dialogs.confirm(t('panel.backups.deleteConfirm', { name: backup.name }), {
      confirmLabel: t('panel.backups.deleteConfirmLabel'),
      tone: 'danger',
    });
    if (!sure) return;
    setNotice(null);
    try {
      await remove.mutateAsync(backup.id);
      setNotice({ tone: 'success', text: t('panel.backups.deleted') });
    } catch (error) {
      setNotice({ tone: 'error', text: t(backupProblemKey(error)) });
    }
  }

  const fileUrl = (backupId: string) => pathOf(gameBackupsApi.download, { id: serviceId, backupId });

  return (
    <section className="game-backups" aria-labelledby={`game-backups-title-${serviceId}`}>
      <header className="game-backups__header">
        <h3 id={`game-backups-title-${serviceId}`} className="game-backups__title">
          {t('panel.backups.title')}
        </h3>
        {query.data && query.data.limit > 0 && (
          <span
            className="game-backups__count"
            aria-label={t('panel.backups.countLabel', { count: usedOf(query.data.backups), limit: query.data.limit })}
          >
            {t('panel.backups.count', { count: usedOf(query.data.backups), limit: query.data.limit })}
          </span>
        )}
      </header>
      <ListState
        look="panel"
        state={queryListState(query)}
        loading={t('panel.backups.loading')}
        failed={t('panel.backups.failed')}
        retry={{ label: t('panel.backups.retry'), onRetry: () => query.refetch() }}
      >
        {({ data }) =>
          data.limit === 0 && data.backups.length === 0 ? (
            <p className="game-backups__intro">{t('panel.backups.notIncluded')}</p>
          ) : (
            <>
              <p className="game-backups__intro">{t('panel.backups.intro')}</p>
              {data.dailySchedule && (
                <p className="game-backups__daily">
                  {t('panel.backups.daily', {
                    time: `${String(data.dailySchedule.hour).padStart(2, '0')}:${String(data.dailySchedule.minute).padStart(2, '0')}`,
                  })}
                </p>
              )}
              {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
              {data.restoring && (
                <p className="game-backups__restoring" role="status">
                  <span className="spinner" aria-hidden="true" />
                  {t('panel.backups.restoring')}
                </p>
              )}
              {data.backups.length === 0 ? (
                <p className="game-backups__empty">{t('panel.backups.empty')}</p>
              ) : (
                <ul className="game-backups__list" aria-live="polite">
                  {data.backups.map((backup) => (
                    <BackupItem
                      key={backup.id}
                      backup={backup}
                      busy={data.restoring || restore.isPending || remove.isPending}
                      downloading={downloading.has(backup.id)}
                      onRestore={() => void askRestore(backup)}
                      onDownload={() => void download(backup.id, fileUrl(backup.id), `${backup.id}.tar.gz`)}
                      onDelete={() => void askDelete(backup)}
                    />
                  ))}
                </ul>
              )}
              <CreateBackupForm serviceId={serviceId} full={usedOf(data.backups) >= data.limit} onNotice={setNotice} />
            </>
          )
        }
      </ListState>
    </section>
  );
}

/** What counts against the limit: every backup but the failed ones, as on the panel. */
const usedOf = (backups: GameBackupDto[]) => backups.filter((b) => b.status !== 'failed').length;

import { useTranslation } from 'react-i18next';
import type { ServiceDto } from '../../../../../../shared/schemas/services';
import { FileBrowser } from './file-browser';
import { SftpAccess } from './sftp-access';
import '../../../../styles/game-files.css';

/** A delivered game server's files (issue 33): SFTP access and its password, the file browser and editor. */
export function GameFilesSection({ service }: { service: ServiceDto }) {
  const { t } = useTranslation();
  if (service.kind !== 'game' || service.status !== 'active' || !service.connection) return null;
  return (
    <section className="game-files" aria-labelledby="game-files-title">
      <h3 id="game-files-title" className="game-files__title">
        {t('panel.files.title')}
      </h3>
      <p className="game-files__intro">{t('panel.files.intro')}</p>
      <SftpAccess serviceId={service.id} />
      <FileBrowser serviceId={service.id} />
    </section>
  );
}

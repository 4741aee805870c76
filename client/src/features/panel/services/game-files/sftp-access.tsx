import { useTranslation } from 'react-i18next';
import { ListState } from '../../../../ui/list-state';
import { queryListState } from '../../../../ui/query-list-state';
import { useSftpAccess } from '../../api/get-sftp-access';
import { CopyValueButton } from '../../copy-value-button';
import { SftpPasswordForm } from './sftp-password-form';

/** Where to connect with an SFTP client, each value with a copy button, and the password form. */
export function SftpAccess({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const query = useSftpAccess(serviceId);
  return (
    <div className="game-files__block" aria-labelledby="game-sftp-title">
      <h4 id="game-sftp-title" className="game-files__subtitle">
        {t('panel.files.sftp.title')}
      </h4>
      <p className="game-files__muted">{t('panel.files.sftp.intro')}</p>
      <ListState
        look="panel"
        state={queryListState(query)}
        loading={t('panel.files.sftp.loading')}
        failed={t('panel.files.sftp.failed')}
        retry={{ label: t('panel.files.sftp.retry'), onRetry: () => query.refetch() }}
      >
        {({ data: { sftp } }) => (
          <dl className="game-sftp">
            <div className="game-sftp__row">
              <dt>{t('panel.files.sftp.host')}</dt>
              <dd>
                <code className="vps-mono">{sftp.host}</code>
                <CopyValueButton value={sftp.host} label={t('panel.files.sftp.copyHost')} />
              </dd>
            </div>
            <div className="game-sftp__row">
              <dt>{t('panel.files.sftp.port')}</dt>
              <dd>
                <code className="vps-mono">{sftp.port}</code>
              </dd>
            </div>
            <div className="game-sftp__row">
              <dt>{t('panel.files.sftp.username')}</dt>
              <dd>
                <code className="vps-mono game-sftp__user">{sftp.username}</code>
                <CopyValueButton value={sftp.username} label={t('panel.files.sftp.copyUsername')} />
              </dd>
            </div>
          </dl>
        )}
      </ListState>
      <SftpPasswordForm serviceId={serviceId} />
    </div>
  );
}

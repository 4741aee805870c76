import { useTranslation } from 'react-i18next';
import type { SshKeyDto } from '../../../../../shared/schemas/ssh-keys';
import { FormAlert } from '../../../ui/form-alert';
import { formatLongDate } from '../../../ui/format-long-date';
import { ListState } from '../../../ui/list-state';
import { queryListState } from '../../../ui/query-list-state';
import { useDialogs } from '../../../ui/dialogs/dialog-context';
import { useLanguage } from '../../../ui/use-language';
import { AccountCard } from '../account-shell';
import { AddSshKeyForm } from './add-ssh-key-form';
import { useSshKeys } from '../../../ui/ssh-keys/get-ssh-keys';
import { useRemoveSshKey } from './api/remove-ssh-key';
import '../../../styles/ssh-keys.css';

/** Settings › SSH keys: the account's public keys (by fingerprint), removing one, adding one (issue 33). */
export function SshKeysSection() {
  const { t } = useTranslation();
  const keys = useSshKeys();
  const remove = useRemoveSshKey();
  return (
    <AccountCard id="ssh-keys-title" title={t('sshkeys.title')} intro={t('sshkeys.intro')}>
      {remove.isError && <FormAlert tone="error">{t('sshkeys.removeFailed')}</FormAlert>}
      <ListState
        look="panel"
        state={queryListState(keys)}
        loading={t('sshkeys.loading')}
        failed={t('sshkeys.failed')}
        retry={{ label: t('sshkeys.retry'), onRetry: () => keys.refetch() }}
        isEmpty={({ data }) => data.sshKeys.length === 0}
        empty={t('sshkeys.empty')}
      >
        {({ data }) => (
          <ul className="ssh-keys" aria-label={t('sshkeys.listLabel')}>
            {data.sshKeys.map((key) => (
              <SshKeyItem key={key.id} sshKey={key} onRemove={(id) => remove.mutate(id)} />
            ))}
          </ul>
        )}
      </ListState>
      <AddSshKeyForm />
    </AccountCard>
  );
}

function SshKeyItem({ sshKey, onRemove }: { sshKey: SshKeyDto; onRemove: (id: number) => void }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const dialogs = useDialogs();
  const askRemove = async () => {
    const sure = await dialogs.confirm(t('sshkeys.removeConfirm', { name: sshKey.name }), {
      confirmLabel: t('sshkeys.remove'),
      tone: 'danger',
    });
    if (sure) onRemove(sshKey.id);
  };
  return (
    <li className="ssh-keys__item">
      <div className="ssh-keys__facts">
        <strong className="ssh-keys__name">{sshKey.name}</strong>
        <code className="ssh-keys__fingerprint">{sshKey.fingerprint}</code>
        <span className="ssh-keys__meta">
          {sshKey.type} · {t('sshkeys.added', { date: formatLongDate(sshKey.createdAt, lng) })}
        </span>
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={t('sshkeys.removeLabel', { name: sshKey.name })}
        onClick={() => void askRemove()}
      >
        {t('sshkeys.remove')}
      </button>
    </li>
  );
}

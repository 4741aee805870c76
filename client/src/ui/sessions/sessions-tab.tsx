import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionDto } from '../../../../shared/schemas/auth';
import { useSession } from '../../app/session/use-session';
import { FormAlert } from '../form-alert';
import { useLanguage } from '../use-language';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import { SessionItem } from './session-item';
import { useSessions } from './use-sessions';
import '../../styles/sessions.css';
import { ListState } from '../list-state';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * 'Sessions': where the account is logged in (browser, system, address, when), each with its own
 * "log out", and "log out all other devices" (the current one stays; logging out here is the
 * user menu's, or this row's button).
 */
export function SessionsTab() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { logout } = useSession();
  const { state, retry, end, endOthers } = useSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  async function run(key: string, action: () => Promise<string>) {
    setBusy(key);
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: await action() });
    } catch {
      setNotice({ tone: 'error', text: t('panel.sessions.errorend') });
    } finally {
      setBusy(null);
    }
  }

  if (state.status !== 'ready') {
    return (
      <ListState
        look="panel"
        state={state}
        loading={t('panel.sessions.loading')}
        failed={t('panel.sessions.errorload')}
        retry={{ label: t('panel.sessions.retry'), onRetry: retry }}
      />
    );
  }

  const sessions = state.data;
  const others = sessions.filter((session) => !session.current);
  const onEnd = (session: SessionDto) => {
    if (session.current) logout();
    else void run(session.id, async () => (await end(session.id), t('panel.sessions.ended')));
  };

  return (
    <section className="sessions" aria-labelledby="sessions-title">
      <header className="sessions__header">
        <h2 id="sessions-title" className="sessions__title">
          {t('panel.sessions.title')}
        </h2>
        <p className="sessions__intro">{t('panel.sessions.intro')}</p>
      </header>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <ul className="sessions__list">
        {sessions.map((session) => (
          <SessionItem key={session.id} session={session} lng={lng} busy={busy === session.id} onEnd={() => onEnd(session)} />
        ))}
      </ul>
      {others.length > 0 ? (
        <div className="sessions__footer">
          <button type="button" className="button panel-button--danger" disabled={busy !== null} onClick={() => setConfirming(true)}>
            {t('panel.sessions.endOthers')}
          </button>
        </div>
      ) : (
        <p className="sessions__only">{t('panel.sessions.onlyThis')}</p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('panel.sessions.endOthersTitle')}
          text={t('panel.sessions.endOthersText')}
          confirmLabel={t('panel.sessions.endOthersConfirm')}
          onConfirm={() => void run('others', async () => t('panel.sessions.endedOthers', { count: await endOthers() }))}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

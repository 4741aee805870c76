import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../shared/i18n/languages';
import type { SessionDto } from '../../../../shared/schemas/auth';

const formatDateTime = (iso: string, lng: Language) =>
  new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

interface Props {
  session: SessionDto;
  lng: Language;
  busy: boolean;
  onEnd: () => void;
}

/** One session: its device in words, this device's badge, address and times, and its "log out". */
export function SessionItem({ session, lng, busy, onEnd }: Props) {
  const { t } = useTranslation();
  const { browser, os } = session;
  const device = browser && os ? t('panel.sessions.device', { browser, os }) : (browser ?? os ?? t('panel.sessions.unknownDevice'));
  return (
    <li className={session.current ? 'session-item session-item--current' : 'session-item'}>
      <div className="session-item__about">
        <p className="session-item__device">
          {device}
          {session.current && <span className="session-item__badge">{t('panel.sessions.current')}</span>}
        </p>
        <p className="session-item__details">
          {session.ip && <span>{t('panel.sessions.ip', { ip: session.ip })}</span>}
          <span>{t('panel.sessions.opened', { date: formatDateTime(session.createdAt, lng) })}</span>
          {/* This device is in use as it reads the list: its last activity is now (issue 34). */}
          <span>
            {session.current
              ? t('panel.sessions.lastSeenNow')
              : t('panel.sessions.lastSeen', { date: formatDateTime(session.lastSeenAt, lng) })}
          </span>
        </p>
      </div>
      <button
        type="button"
        className="button button--secondary button--small session-item__end"
        aria-label={session.current ? undefined : t('panel.sessions.endLabel', { device })}
        disabled={busy}
        onClick={onEnd}
      >
        {session.current ? t('panel.sessions.endHere') : t('panel.sessions.end')}
      </button>
    </li>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POWER_SIGNALS, type GamePowerState, type PowerSignal } from '../../../../../../shared/schemas/game-console';
import { ApiError } from '../../../../api/client';
import { FormAlert } from '../../../../ui/form-alert';
import { useSendPowerSignal } from '../../api/send-power-signal';

/** Which signals make sense in each state: a running server is not started again. */
const ALLOWED: Record<GamePowerState, readonly PowerSignal[]> = {
  offline: ['start'],
  starting: ['stop', 'kill'],
  running: ['stop', 'restart', 'kill'],
  stopping: ['kill'],
};

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The server's state and its power buttons (POST /api/services/{id}/power). */
export function GamePower({ serviceId, state }: { serviceId: number; state: GamePowerState | null }) {
  const { t } = useTranslation();
  const send = useSendPowerSignal(serviceId);
  const [notice, setNotice] = useState<Notice>(null);
  const allowed = state ? ALLOWED[state] : POWER_SIGNALS;

  async function run(signal: PowerSignal) {
    if (send.isPending || !allowed.includes(signal)) return;
    setNotice(null);
    try {
      await send.mutateAsync(signal);
      setNotice({ tone: 'success', text: t(`panel.console.power.sent.${signal}`) });
    } catch (error) {
      const code = error instanceof ApiError ? error.error : '';
      const known = ['service_suspended', 'service_terminated', 'panel_client_key_missing', 'panel_unavailable'];
      const text = known.includes(code)
        ? t(`panel.console.errors.${code}`)
        : error instanceof ApiError && error.status === 429
          ? t('panel.console.errors.rate_limited')
          : t('panel.console.power.failed');
      setNotice({ tone: 'error', text });
    }
  }

  return (
    <section className="game-power" aria-labelledby="game-power-title">
      <h4 id="game-power-title" className="game-live__subtitle">
        {t('panel.console.power.title')}
      </h4>
      <p className="game-power__state" aria-live="polite">
        <span>{t('panel.console.stateLabel')}</span>
        <span className={`power-badge power-badge--${state === 'offline' ? 'stopped' : (state ?? 'unknown')}`}>
          <span className="power-badge__dot" aria-hidden="true" />
          {t(`panel.console.state.${state ?? 'unknown'}`)}
        </span>
      </p>
      <div className="game-power__actions" role="group" aria-label={t('panel.console.power.title')}>
        {POWER_SIGNALS.map((signal) => {
          const busy = send.isPending && send.variables === signal;
          return (
            <button
              key={signal}
              type="button"
              className={`button button--small game-power__button game-power__button--${signal}`}
              aria-disabled={send.isPending || !allowed.includes(signal)}
              aria-busy={busy || undefined}
              title={signal === 'kill' ? t('panel.console.power.killHint') : undefined}
              onClick={() => void run(signal)}
            >
              {busy && <span className="spinner" aria-hidden="true" />}
              {t(`panel.console.power.${signal}`)}
            </button>
          );
        })}
      </div>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
    </section>
  );
}

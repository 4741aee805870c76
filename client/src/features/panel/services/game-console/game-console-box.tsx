import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { GamePowerState } from '../../../../../../shared/schemas/game-console';
import type { useConsoleSocket } from './use-console-socket';

// xterm.js is only loaded for a customer who opens a game server.
const ConsoleTerminal = lazy(() => import('./console-terminal'));

type Socket = ReturnType<typeof useConsoleSocket>;

/** The console: its connection, the output, and what went wrong with a way to reconnect. */
export function GameConsoleBox({ socket, state }: { socket: Socket; state: GamePowerState | null }) {
  const { t } = useTranslation();
  return (
    <div className="game-console">
      <div className="game-console__bar">
        <span className={`game-console__connection game-console__connection--${socket.connection}`} role="status">
          <span className="power-badge__dot" aria-hidden="true" />
          <span className="visually-hidden">{t('panel.console.connection.label')} : </span>
          {t(`panel.console.connection.${socket.connection}`)}
        </span>
        {socket.connection === 'closed' && (
          <button type="button" className="button button--small button--ghost" onClick={socket.reconnect}>
            {t('panel.console.connection.reconnect')}
          </button>
        )}
      </div>
      {socket.problem && (
        <p className="game-console__problem" role="alert">
          {t(`panel.console.errors.${socket.problem}`)}
        </p>
      )}
      <Suspense
        fallback={
          <p className="status-line panel-status" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('panel.console.loading')}
          </p>
        }
      >
        <ConsoleTerminal output={socket.output} label={t('panel.console.terminalLabel')} />
      </Suspense>
      {state === 'offline' && <p className="game-console__hint">{t('panel.console.command.offline')}</p>}
    </div>
  );
}

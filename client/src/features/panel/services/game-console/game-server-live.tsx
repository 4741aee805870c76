import { useTranslation } from 'react-i18next';
import '../../../../styles/game-console.css';
import type { ServiceDto } from '../../../../../../shared/schemas/services';
import { useGameResources } from '../../api/get-game-resources';
import { ConsoleCommandForm } from './console-command-form';
import { GameConsoleBox } from './game-console-box';
import { GamePower } from './game-power';
import { GameResources } from './game-resources';
import { useConsoleSocket } from './use-console-socket';

/** A delivered game server's live side (issue 33): console, power and resources. */
export function GameServerLive({ service }: { service: ServiceDto }) {
  if (service.kind !== 'game' || service.status !== 'active' || !service.connection) return null;
  return <GameServerLiveSection serviceId={service.id} />;
}

function GameServerLiveSection({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const socket = useConsoleSocket(serviceId);
  const resources = useGameResources(serviceId);
  // The socket's status is the freshest; the resources' until it speaks.
  const state = socket.serverState ?? resources.data?.resources.state ?? null;
  const canSend = socket.connection === 'connected' && state !== 'offline';
  return (
    <section className="game-live" aria-labelledby="game-live-title">
      <h3 id="game-live-title" className="game-live__title">
        {t('panel.console.title')}
      </h3>
      <p className="game-live__intro">{t('panel.console.intro')}</p>
      <div className="game-live__grid">
        <div className="game-live__console">
          <GameConsoleBox socket={socket} state={state} />
          <ConsoleCommandForm disabled={!canSend} hint={null} onSend={(command) => canSend && socket.sendCommand(command)} />
        </div>
        <div className="game-live__side">
          <GamePower serviceId={serviceId} state={state} />
          <GameResources serviceId={serviceId} />
        </div>
      </div>
    </section>
  );
}

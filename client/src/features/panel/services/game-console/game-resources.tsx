import { useTranslation } from 'react-i18next';
import type { GameResourcesDto } from '../../../../../../shared/schemas/game-console';
import { ListState } from '../../../../ui/list-state';
import { queryListState } from '../../../../ui/query-list-state';
import { useGameResources } from '../../api/get-game-resources';
import { formatBytes, formatPercent, formatUptime } from './format-resources';

/** CPU, memory, disk, network and uptime, read every 10 s while the page is seen. */
export function GameResources({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const query = useGameResources(serviceId);
  return (
    <section className="game-resources" aria-labelledby="game-resources-title">
      <h4 id="game-resources-title" className="game-live__subtitle">
        {t('panel.console.resources.title')}
      </h4>
      <ListState
        look="panel"
        state={queryListState(query)}
        loading={t('panel.console.resources.loading')}
        failed={t('panel.console.resources.failed')}
        retry={{ label: t('panel.console.resources.retry'), onRetry: () => query.refetch() }}
      >
        {({ data }) => <ResourceList resources={data.resources} />}
      </ListState>
    </section>
  );
}

function ResourceList({ resources: r }: { resources: GameResourcesDto }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const bytes = (value: number) => formatBytes(value, lang);
  const ofLimit = (used: number, limit: number | null) =>
    limit ? t('panel.console.resources.of', { used: bytes(used), limit: bytes(limit) }) : bytes(used);
  const up = r.state === 'running' || r.state === 'stopping';
  const items: [string, string, number | null][] = [
    [t('panel.console.resources.cpu'), formatPercent(r.cpuPercent, lang), null],
    [
      t('panel.console.resources.memory'),
      ofLimit(r.memoryBytes, r.memoryLimitBytes),
      r.memoryLimitBytes ? r.memoryBytes / r.memoryLimitBytes : null,
    ],
    [t('panel.console.resources.disk'), ofLimit(r.diskBytes, r.diskLimitBytes), r.diskLimitBytes ? r.diskBytes / r.diskLimitBytes : null],
    [
      t('panel.console.resources.network'),
      t('panel.console.resources.traffic', { rx: bytes(r.networkRxBytes), tx: bytes(r.networkTxBytes) }),
      null,
    ],
    [t('panel.console.resources.uptime'), up ? formatUptime(r.uptimeSeconds, lang) : t('panel.console.resources.stopped'), null],
  ];
  return (
    <dl className="game-resources__list">
      {items.map(([label, value, share]) => (
        <div key={label} className="game-resources__item">
          <dt>{label}</dt>
          <dd>
            {value}
            {share !== null && (
              <span className="game-resources__bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, Math.round(share * 100))}%` }} />
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

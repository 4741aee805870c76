import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { METRICS_PERIODS, type MetricsDto, type MetricsPeriod } from '../../../../../../shared/schemas/vps-panel';
import { ListState } from '../../../../ui/list-state';
import { queryListState } from '../../../../ui/query-list-state';
import { useLanguage } from '../../../../ui/use-language';
import { useVpsMetrics } from '../../api/get-vps-metrics';
import { summaryRows } from './metrics-summary';

// uPlot comes with the graphs only: loaded once a VPS's numbers are there to draw.
const VpsMetricsCharts = lazy(() => import('./vps-metrics-charts'));

/** "Graphiques": CPU, memory and network over 24 h, 7 or 30 days, with a table of averages and maxima for every reader. */
export function VpsMetrics({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<MetricsPeriod>('24h');
  const query = useVpsMetrics(serviceId, period);
  const name = useId();
  return (
    <section className="vps-tool vps-metrics" aria-labelledby="vps-metrics-title" aria-busy={query.isFetching || undefined}>
      <div className="vps-metrics__head">
        <h3 id="vps-metrics-title" className="vps-tool__title">
          {t('panel.vpsTools.metrics.title')}
        </h3>
        <fieldset className="vps-metrics__periods">
          <legend className="visually-hidden">{t('panel.vpsTools.metrics.period')}</legend>
          {METRICS_PERIODS.map((p) => (
            <label key={p} className="vps-metrics__period">
              <input type="radio" name={name} value={p} checked={period === p} onChange={() => setPeriod(p)} />
              <span>{t(`panel.vpsTools.metrics.periods.${p}`)}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <ListState
        look="panel"
        state={queryListState(query)}
        loading={t('panel.vpsTools.metrics.loading')}
        failed={t('panel.vpsTools.metrics.failed')}
        retry={{ label: t('panel.vpsTools.metrics.retry'), onRetry: () => query.refetch() }}
      >
        {({ data }) => (
          <>
            <Suspense fallback={<div className="vps-metrics__charts" aria-hidden="true" />}>
              <VpsMetricsCharts metrics={data} />
            </Suspense>
            <MetricsSummary metrics={data} />
          </>
        )}
      </ListState>
    </section>
  );
}

function MetricsSummary({ metrics }: { metrics: MetricsDto }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const number = new Intl.NumberFormat(lng, { maximumFractionDigits: 1 });
  // Megabytes are whole: a tenth of one says nothing.
  const whole = new Intl.NumberFormat(lng, { maximumFractionDigits: 0 });
  const format = (unit: string, value: number) => (unit === 'megabytes' ? whole : number).format(value);
  const text = (unit: string, value: number | undefined, scale: (v: number) => number) =>
    value === undefined ? t('panel.vpsTools.metrics.noData') : t(`panel.vpsTools.metrics.${unit}`, { value: format(unit, scale(value)) });
  return (
    <table className="vps-metrics__summary">
      <caption>{t('panel.vpsTools.metrics.summary')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('panel.vpsTools.metrics.metric')}</th>
          <th scope="col">{t('panel.vpsTools.metrics.average')}</th>
          <th scope="col">{t('panel.vpsTools.metrics.max')}</th>
        </tr>
      </thead>
      <tbody>
        {summaryRows(metrics).map((row) => (
          <tr key={row.key}>
            <th scope="row">{t(`panel.vpsTools.metrics.${row.key}`)}</th>
            <td>{text(row.unit, row.stats?.average, row.scale)}</td>
            <td>
              {row.key === 'memory' && row.stats && metrics.memory.total !== null
                ? t('panel.vpsTools.metrics.ofTotal', { value: whole.format(row.stats.max), total: whole.format(metrics.memory.total) })
                : text(row.unit, row.stats?.max, row.scale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

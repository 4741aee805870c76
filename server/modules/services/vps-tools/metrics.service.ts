import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { CloudVpsTools, MonitoringPeriod, MonitoringSeries, MonitoringType } from '../../../providers/cloud/types';
import type { MetricsDto, MetricsPeriod, MetricsSeries } from '../../../../shared/schemas/vps-panel';
import type { UserRow } from '../../auth/users.repo';
import { ownedVps, providerFailure } from './owned-vps';

/** Our periods as OVH names them (vps.VpsMonitoringPeriodEnum). */
const OVH_PERIOD: Record<MetricsPeriod, MonitoringPeriod> = { '24h': 'lastday', '7d': 'lastweek', '30d': 'lastmonth' };
const TYPES: MonitoringType[] = ['cpu:used', 'mem:used', 'mem:max', 'net:rx', 'net:tx'];

/** OVH's points move every few minutes: a page switched back and forth reads them once a minute at most. */
const CACHE_MS = 60_000;
/** Bounded: the oldest answer goes first past this many (machine × period). */
const CACHE_ENTRIES = 500;

const toSeries = ({ unit, values }: MonitoringSeries): MetricsSeries => ({
  unit,
  times: values.map((v) => v.timestamp),
  values: values.map((v) => v.value),
});

/** The machine's memory: OVH's last mem:max, as the graph's ceiling. */
const lastValue = (series: MonitoringSeries) => series.values.findLast((v) => v.value !== null)?.value ?? null;

/** CPU, memory and network of the caller's VPS over a period (OVH monitoring), cached a minute. */
export function createVpsMetrics(deps: { db: Knex; clock: Clock; cloud: Pick<CloudVpsTools, 'monitoring'> }) {
  const { db, clock, cloud } = deps;
  const cache = new Map<string, { at: number; metrics: MetricsDto }>();

  async function fetch(machine: string, period: MetricsPeriod): Promise<MetricsDto> {
    const [cpu, memUsed, memMax, rx, tx] = await Promise.all(TYPES.map((type) => cloud.monitoring(machine, OVH_PERIOD[period], type)));
    return {
      period,
      cpu: toSeries(cpu!),
      memory: { ...toSeries(memUsed!), total: lastValue(memMax!) },
      networkIn: toSeries(rx!),
      networkOut: toSeries(tx!),
    };
  }

  return async function metrics(user: UserRow, id: number, period: MetricsPeriod): Promise<MetricsDto> {
    const { machine } = await ownedVps(db, user, id);
    const key = `${machine}|${period}`;
    const now = clock.now().getTime();
    const kept = cache.get(key);
    if (kept && now - kept.at < CACHE_MS) return kept.metrics;
    const fresh = await fetch(machine, period).catch(providerFailure);
    cache.delete(key);
    cache.set(key, { at: now, metrics: fresh });
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return fresh;
  };
}

export type VpsMetrics = ReturnType<typeof createVpsMetrics>;

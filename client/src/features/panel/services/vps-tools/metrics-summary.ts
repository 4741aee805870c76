import type { MetricsDto, MetricsSeries } from '../../../../../../shared/schemas/vps-panel';

/** A series' average and maximum over the period, the gaps left out; null when it has no point. */
export function averageAndMax(series: Pick<MetricsSeries, 'values'>): { average: number; max: number } | null {
  const known = series.values.filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  return { average: known.reduce((sum, v) => sum + v, 0) / known.length, max: Math.max(...known) };
}

/** Bits per second to megabits per second, as the graphs and the summary show them. */
export const toMbps = (bps: number) => bps / 1_000_000;

/** The summary's rows: each measure, its unit's text key, and its average and max. */
export function summaryRows(metrics: MetricsDto) {
  return [
    { key: 'cpu', unit: 'percent', stats: averageAndMax(metrics.cpu), scale: (v: number) => v },
    { key: 'memory', unit: 'megabytes', stats: averageAndMax(metrics.memory), scale: (v: number) => v },
    { key: 'networkIn', unit: 'mbps', stats: averageAndMax(metrics.networkIn), scale: toMbps },
    { key: 'networkOut', unit: 'mbps', stats: averageAndMax(metrics.networkOut), scale: toMbps },
  ] as const;
}

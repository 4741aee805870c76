import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { MetricsDto } from '../../../../../../shared/schemas/vps-panel';
import { useLanguage } from '../../../../ui/use-language';
import { toMbps } from './metrics-summary';

const HEIGHT = 160;
const ACCENT = '#10b981';
const SECOND = '#3b82f6';

interface ChartSpec {
  title: string;
  data: AlignedData;
  series: { label: string; stroke: string; fill?: string }[];
  /** The y axis' top, when the measure has one (100 %, the machine's memory). */
  max?: number;
  format: (value: number) => string;
}

/** The three graphs; the numbers themselves are in the summary table beside them (the graphs are hidden from screen readers). */
export default function VpsMetricsCharts({ metrics }: { metrics: MetricsDto }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const number = new Intl.NumberFormat(lng, { maximumFractionDigits: 1 });
  const specs: ChartSpec[] = [
    {
      title: t('panel.vpsTools.metrics.cpu'),
      data: [metrics.cpu.times, metrics.cpu.values],
      series: [{ label: t('panel.vpsTools.metrics.cpu'), stroke: ACCENT, fill: 'rgb(16 185 129 / 0.12)' }],
      max: 100,
      format: (v) => t('panel.vpsTools.metrics.percent', { value: number.format(v) }),
    },
    {
      title: t('panel.vpsTools.metrics.memory'),
      data: [metrics.memory.times, metrics.memory.values],
      series: [{ label: t('panel.vpsTools.metrics.memory'), stroke: SECOND, fill: 'rgb(59 130 246 / 0.12)' }],
      ...(metrics.memory.total !== null ? { max: metrics.memory.total } : {}),
      format: (v) => t('panel.vpsTools.metrics.megabytes', { value: number.format(v) }),
    },
    {
      title: t('panel.vpsTools.metrics.network'),
      data: [
        metrics.networkIn.times,
        metrics.networkIn.values.map((v) => (v === null ? null : toMbps(v))),
        alignTo(metrics.networkIn.times, metrics.networkOut).map((v) => (v === null ? null : toMbps(v))),
      ],
      series: [
        { label: t('panel.vpsTools.metrics.networkIn'), stroke: ACCENT },
        { label: t('panel.vpsTools.metrics.networkOut'), stroke: SECOND },
      ],
      format: (v) => t('panel.vpsTools.metrics.mbps', { value: number.format(v) }),
    },
  ];
  return (
    <div className="vps-metrics__charts" aria-hidden="true">
      {specs.map((spec) => (
        <Chart key={spec.title} spec={spec} lng={lng} />
      ))}
    </div>
  );
}

/** The sent series on the received one's times (OVH answers each on its own; they match in practice). */
function alignTo(times: number[], series: MetricsDto['networkOut']): (number | null)[] {
  const byTime = new Map(series.times.map((time, i) => [time, series.values[i] ?? null]));
  return times.map((time) => byTime.get(time) ?? null);
}

function Chart({ spec, lng }: { spec: ChartSpec; lng: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const time = new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Brussels' });
    const day = new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', timeZone: 'Europe/Brussels' });
    const span = (spec.data[0].at(-1) ?? 0) - (spec.data[0][0] ?? 0);
    const options: Options = {
      width: Math.max(el.clientWidth, 200),
      height: HEIGHT,
      // uPlot's own legend names the time axis in English: ours is under the graph.
      legend: { show: false },
      cursor: { y: false },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(spec.max ?? 0, max * 1.1, 1)] } },
      axes: [
        {
          stroke: '#475569',
          grid: { stroke: '#e3e8f0' },
          values: (_u, splits) => splits.map((s) => (span > 2 * 86_400 ? day : time).format(new Date(s * 1000))),
        },
        { stroke: '#475569', grid: { stroke: '#e3e8f0' }, size: 84, values: (_u, splits) => splits.map((s) => spec.format(s)) },
      ],
      series: [
        {},
        ...spec.series.map((s) => ({
          label: s.label,
          stroke: s.stroke,
          width: 2,
          ...(s.fill ? { fill: s.fill } : {}),
          points: { show: false },
        })),
      ],
    };
    const plot = new uPlot(options, spec.data, el);
    // The graph follows its box's width (a phone turned, the side menu folded).
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [spec, lng]);

  return (
    <figure className="vps-metrics__chart">
      <figcaption>{spec.title}</figcaption>
      <div ref={box} className="vps-metrics__plot" />
      {spec.series.length > 1 && (
        <ul className="vps-metrics__legend">
          {spec.series.map((s, i) => (
            <li key={s.label}>
              <span className={`vps-metrics__swatch vps-metrics__swatch--${i === 0 ? 'first' : 'second'}`} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

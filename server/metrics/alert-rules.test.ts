import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { systemClock } from '../clock/clock';
import { createScrapeGauges } from '../modules/metrics/scrape-gauges';
import { metricsRegistry } from './instruments';

// The example alert rules (ops/prometheus/alerts.yaml) must only name metrics the app exposes:
// an alert on a metric that does not exist never fires, and nobody notices.

const RULES_FILE = new URL('../../ops/prometheus/alerts.yaml', import.meta.url);
/** Series Prometheus makes itself for every scrape target. */
const PROMETHEUS_OWN = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);
const PROMQL_WORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads (label matchers, grouping labels, functions and strings left out). */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""') // strings
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // range and subquery durations
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' '); // grouping labels
  const names = [...bare.matchAll(/[A-Za-z_:][\w:]*(?!\s*\(|[\w:])/g)].map((m) => m[0]);
  return [...new Set(names.filter((name) => !PROMQL_WORDS.has(name.toLowerCase())))];
}

/** The family a sample name belongs to (a histogram's _bucket, _sum and _count series). */
function familyOf(name: string, families: Set<string>): string {
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return families.has(name) ? name : base;
}

async function exposedFamilies(): Promise<Set<string>> {
  const gauges = createScrapeGauges({ db: {} as Knex, clock: systemClock, logger: console, ready: async () => true });
  const metrics = [...(await metricsRegistry.getMetricsAsJSON()), ...(await gauges.registry.getMetricsAsJSON())];
  return new Set(metrics.map((m) => m.name));
}

interface RuleFile {
  groups: { name: string; rules: { alert?: string; expr: string }[] }[];
}

describe('ops/prometheus/alerts.yaml', () => {
  const file = parse(readFileSync(RULES_FILE, 'utf8')) as RuleFile;
  const rules = file.groups.flatMap((g) => g.rules);

  it('holds the alerts the operator needs, each with an expression', () => {
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'StorefrontHigh5xxRate',
        'StorefrontJobsFailing',
        'StorefrontDeliveriesWaitingForStaff',
        'StorefrontMailOutboxStuck',
        'StorefrontWebhookLag',
        'StorefrontNotReady',
      ]),
    );
    for (const rule of rules) expect(rule.expr.trim(), rule.alert).not.toBe('');
  });

  it('names only metrics the app exposes', async () => {
    const families = await exposedFamilies();
    const missing = rules.flatMap((rule) =>
      metricNamesIn(rule.expr)
        .filter((name) => !PROMETHEUS_OWN.has(name) && !families.has(familyOf(name, families)))
        .map((name) => `${rule.alert}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('finds the metric names of an expression and nothing else', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.95, sum by (le, provider) (rate(payment_webhook_lag_seconds_bucket{provider!="x"}[15m]))) > 300 and on(instance) up == 1',
      ).sort(),
    ).toEqual(['payment_webhook_lag_seconds_bucket', 'up']);
    expect(metricNamesIn('max(mail_outbox_stuk) > 0')).toEqual(['mail_outbox_stuk']);
  });
});

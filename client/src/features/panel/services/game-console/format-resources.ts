// Sizes and durations as the customer reads them, in the page's language.

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1 610 612 736 → "1,5 GB" (fr). */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 && unit > 0 ? 1 : 0;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

/** 93 784 s → "1 j 2 h 3 min" style, from Intl's own unit names. */
export function formatUptime(seconds: number, language: string): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const part = (value: number, unit: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
  if (days > 0) return `${part(days, 'day')} ${part(hours, 'hour')}`;
  if (hours > 0) return `${part(hours, 'hour')} ${part(minutes, 'minute')}`;
  return part(minutes, 'minute');
}

export const formatPercent = (value: number, language: string) =>
  `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} %`;

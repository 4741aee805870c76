import type { Language } from '../../../../../../shared/i18n/languages';

const UNITS = [
  ['GB', 1e9],
  ['MB', 1e6],
  ['kB', 1e3],
] as const;

/** A size the customer reads (« 48,2 Mo »): the largest unit that fits, one decimal at most, in the page's language. */
export function backupSize(bytes: number, lng: Language, t: (key: string, values: Record<string, string>) => string): string {
  const [unit, scale] = UNITS.find(([, size]) => bytes >= size) ?? ['B', 1];
  const value = new Intl.NumberFormat(lng, { maximumFractionDigits: unit === 'B' ? 0 : 1 }).format(bytes / scale);
  return t(`panel.backups.units.${unit}`, { value });
}

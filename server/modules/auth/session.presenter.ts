import type { SessionDto } from '../../../shared/schemas/auth';
import type { SessionRow } from './sessions.repo';

// A few families cover nearly every visitor; the order matters (Edge and Opera also say "Chrome",
// Chrome also says "Safari", Android also says "Linux").
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (text: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** The browser and system a user agent names, in a word each; null for what it does not say. */
export function describeUserAgent(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  return { browser: firstMatch(userAgent, BROWSERS), os: firstMatch(userAgent, SYSTEMS) };
}

/** An IPv4 client seen through an IPv6 socket reads as plain IPv4. */
const readableIp = (ip: string | null) => ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') ?? null;

export function presentSession(row: SessionRow, currentId: string): SessionDto {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    ...describeUserAgent(row.user_agent),
    ip: readableIp(row.ip),
    current: row.id === currentId,
  };
}

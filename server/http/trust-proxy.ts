import { isIP } from 'node:net';

/**
 * Which peers may tell the client's address in X-Forwarded-For (Express's `trust proxy`): a hop
 * count, nobody (false), or addresses / CIDR ranges / Express's names. Only those are believed,
 * so a client cannot pick the address every per-address limit counts on.
 */
export type TrustProxy = number | false | string[];

/** Loopback only: a reverse proxy on the same machine. Private ranges must be asked for. */
export const DEFAULT_TRUST_PROXY: TrustProxy = ['loopback'];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, `address/bits` or `address/mask`, as Express (proxy-addr) reads them. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4;
}

/** Reads TRUST_PROXY; a text saying what is wrong when it cannot be read. */
export function parseTrustProxy(raw: string): TrustProxy | { problem: string } {
  const value = raw.trim();
  if (value === 'false') return false;
  if (value === 'true') {
    return { problem: 'true would believe any client about its address; give the proxy hop count or its addresses' };
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !NAMES.has(entry) && !isAddressOrRange(entry));
  if (!entries.length || wrong.length) {
    return { problem: `not a hop count, false, or addresses / CIDR ranges / loopback, linklocal, uniquelocal: ${wrong.join(', ')}` };
  }
  return entries;
}

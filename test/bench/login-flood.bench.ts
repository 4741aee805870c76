// npm run bench: how long a real customer's login takes while failed logins flood the instance.
// Each password check is an argon2 run (64 MiB); the flood must not push a returning customer's
// login past 1 s nor refuse it. The app trusts X-Forwarded-For from loopback (TRUST_PROXY's
// default), so the bench plays a reverse proxy: each request names the address it comes from.
// A returning customer's browser carries the device cookie its earlier login got (if the server
// gives one); a new device has none. Prints figures; asserts nothing.
import { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } from '../../seeds/accounts';
import { startBenchServers } from './start-bench-servers';

const FLOOD = Number(process.env.BENCH_LOGIN_FLOOD ?? 100);
const GOAL_MS = 1000;

const servers = await startBenchServers();
const loginUrl = `http://127.0.0.1:${servers.appPort}/api/auth/login`;

interface Attempt {
  status: number;
  ms: number;
  /** The `name=value` of the cookies the answer set. */
  cookies: string[];
}

async function login(from: string, email: string, password: string, cookie?: string): Promise<Attempt> {
  const started = performance.now();
  const res = await fetch(loginUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  const cookies = res.headers.getSetCookie().map((line) => line.split(';')[0]!);
  return { status: res.status, ms: performance.now() - started, cookies };
}

/** The browser the customer logged in with before: its cookies from the warm-up login. */
let returningCookie = '';
const returningLogin = (from: string) => login(from, DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD, returningCookie);
const newDeviceLogin = (from: string) => login(from, DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);

/** Counts of each status, e.g. "401 ×20, 429 ×80". */
function tally(attempts: Attempt[]): string {
  const counts = new Map<number, number>();
  for (const a of attempts) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status} ×${n}`)
    .join(', ');
}

const describeLogin = (a: Attempt, aloneMs: number) =>
  `${a.status} in ${a.ms.toFixed(0)} ms, ${(a.ms / aloneMs).toFixed(1)}× the login alone ` +
  `(${a.status === 200 && a.ms < GOAL_MS ? 'within the 1 s goal' : 'MISSES the 1 s goal'})`;

/**
 * FLOOD failed logins from `attackers` addresses (`attempt(i)` names the e-mail and password), and
 * during them the returning customer's login, then (with `newDevice`) a new device's.
 */
async function underFlood(
  name: string,
  attackers: string[],
  attempt: (i: number) => { email: string; password: string },
  aloneMs: number,
  newDevice = false,
) {
  const flood = Array.from({ length: FLOOD }, (_, i) => {
    const { email, password } = attempt(i);
    return login(attackers[i % attackers.length]!, email, password);
  });
  await new Promise((r) => setTimeout(r, 300)); // the flood is in flight: its password checks are queued
  const real = await returningLogin('198.51.100.10');
  const fresh = newDevice ? await newDeviceLogin('198.51.100.11') : undefined;
  const attempts = await Promise.all(flood);
  const floodMs = Math.max(...attempts.map((a) => a.ms));
  const busy = attempts.filter((a) => a.status === 503).length;
  console.log(`${name}`);
  console.log(`  returning customer's login: ${describeLogin(real, aloneMs)}`);
  if (fresh) console.log(`  new device's login (no cookie): ${describeLogin(fresh, aloneMs)}`);
  console.log(`  flood: ${tally(attempts)} (${busy} answered 503 busy), last answer after ${floodMs.toFixed(0)} ms`);
}

const sprayed = (name: string) => (i: number) => ({ email: `sprayed-${name}-${i}@example.test`, password: `guess-${i}` });
const addresses = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => `${prefix}.${Math.floor(i / 250)}.${(i % 250) + 1}`);

try {
  const first = await returningLogin('192.0.2.1'); // warm-up: connections, the first argon2 run, the device cookie
  returningCookie = first.cookies.join('; ');
  await login('192.0.2.1', 'nobody@example.test', 'warm-up'); // and the unknown e-mail's first answer
  console.log(`device cookie after a login: ${returningCookie ? 'yes' : 'none'}`);
  // The machine's own pace (other load included): the median of three quiet logins.
  const quiet = [await returningLogin('192.0.2.2'), await returningLogin('192.0.2.2'), await returningLogin('192.0.2.2')];
  const aloneMs = quiet.map((a) => a.ms).sort((a, b) => a - b)[1]!;
  console.log(`login alone: ${quiet.map((a) => a.status).join(', ')}, median ${aloneMs.toFixed(0)} ms`);
  await underFlood(`${FLOOD} failed logins from one address`, ['203.0.113.10'], sprayed('one'), aloneMs);
  await underFlood(`${FLOOD} failed logins from ten addresses`, addresses(10, '203.0'), sprayed('ten'), aloneMs);
  await underFlood(
    `${FLOOD} failed logins for unknown e-mails from ${FLOOD} addresses`,
    addresses(FLOOD, '10.1'),
    sprayed('many'),
    aloneMs,
    true,
  );
  // Last: it locks strangers out of the demo account for 15 minutes.
  await underFlood(
    `${FLOOD} wrong passwords for the customer's e-mail from ${FLOOD} addresses`,
    addresses(FLOOD, '10.2'),
    (i) => ({ email: DEMO_CLIENT_EMAIL, password: `guess-${i}` }),
    aloneMs,
    true,
  );
} finally {
  servers.stop();
}

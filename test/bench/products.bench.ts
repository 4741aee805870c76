// npm run bench: GET /api/products of the real app (with METRICS_TOKEN, as an operator runs it)
// beside a bare Express endpoint serving the same JSON bytes, and beside the same app without
// request metrics (no METRICS_TOKEN), in one run on the same machine. The servers run in a child
// process so the load generator has its own core. Prints the throughputs, the servers' CPU time per
// request, and the ratios (app over bare; with over without metrics: what the metrics cost). CPU per
// request is the steadier figure on a busy machine: other load slows throughput, not a request's
// work. It asserts nothing.
import autocannon from 'autocannon';
import { startBenchServers } from './start-bench-servers';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const servers = await startBenchServers();
const { appPort, unmeteredPort, barePort, bytes } = servers;

interface Measure {
  perSecond: number;
  cpuMicrosPerRequest: number;
}

const serversCpuMicros = async () => ((await (await fetch(`http://127.0.0.1:${barePort}/bench/cpu`)).json()) as { micros: number }).micros;

async function measure(name: string, port: number): Promise<Measure> {
  const url = `http://127.0.0.1:${port}/api/products`;
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up
  const cpuBefore = await serversCpuMicros();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  const cpuMicrosPerRequest = ((await serversCpuMicros()) - cpuBefore) / result.requests.total;
  if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  console.log(
    `${name.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s   ${cpuMicrosPerRequest.toFixed(1).padStart(6)} µs CPU/req   latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
  return { perSecond: result.requests.average, cpuMicrosPerRequest };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const summary = (ms: Measure[]) => ({
  perSecond: mean(ms.map((m) => m.perSecond)),
  cpu: mean(ms.map((m) => m.cpuMicrosPerRequest)),
});

try {
  console.log(`GET /api/products, ${bytes} bytes, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s each`);
  // Interleaved rounds, so a burst of load elsewhere on the machine hits every side alike.
  const bare: Measure[] = [];
  const metered: Measure[] = [];
  const unmetered: Measure[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    bare.push(await measure(`bare Express, round ${round}`, barePort));
    // Which app goes first alternates, so neither gains from the other's warm-up or a slow spell.
    const withMetrics = async () => metered.push(await measure(`storefront app, round ${round}`, appPort));
    const withoutMetrics = async () => unmetered.push(await measure(`app without metrics, rd ${round}`, unmeteredPort));
    if (round % 2) await withMetrics().then(withoutMetrics);
    else await withoutMetrics().then(withMetrics);
  }
  const [b, m, u] = [summary(bare), summary(metered), summary(unmetered)];
  console.log(
    `mean: bare ${b.perSecond.toFixed(0)} req/s, storefront ${m.perSecond.toFixed(0)} req/s, without metrics ${u.perSecond.toFixed(0)} req/s`,
  );
  console.log(`mean CPU per request: storefront ${m.cpu.toFixed(1)} µs, without metrics ${u.cpu.toFixed(1)} µs`);
  console.log(`ratio storefront / bare: ${(m.perSecond / b.perSecond).toFixed(2)}`);
  console.log(
    `request metrics: throughput with / without ${(m.perSecond / u.perSecond).toFixed(3)}, CPU per request with / without ${(m.cpu / u.cpu).toFixed(3)}`,
  );
} finally {
  servers.stop();
}

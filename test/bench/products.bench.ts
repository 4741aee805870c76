// npm run bench: GET /api/products of the real app beside a bare Express endpoint serving the same
// JSON bytes, and the same app without request metrics (no METRICS_TOKEN), in one run on the same machine. The servers run in a child process so the load
// generator has its own core. Prints the throughputs and their ratios (the app over bare Express; metered over unmetered: what
// the metrics cost); it asserts nothing.
import autocannon from 'autocannon';
import { startBenchServers } from './start-bench-servers';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const servers = await startBenchServers();
const { appPort, unmeteredPort, barePort, bytes } = servers;

async function measure(name: string, port: number) {
  const url = `http://127.0.0.1:${port}/api/products`;
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  console.log(
    `${name.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s   latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
  return result.requests.average;
}

try {
  console.log(`GET /api/products, ${bytes} bytes, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s each`);
  // Interleaved rounds, so a burst of load elsewhere on the machine hits both sides alike.
  const bare: number[] = [];
  const real: number[] = [];
  const unmetered: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    bare.push(await measure(`bare Express, round ${round}`, barePort));
    // Which app goes first alternates, so neither gains from the other's warm-up or a slow spell.
    const metered = () => measure(`storefront app, round ${round}`, appPort).then((r) => real.push(r));
    const plain = () => measure(`app without metrics, rd ${round}`, unmeteredPort).then((r) => unmetered.push(r));
    if (round % 2) await metered().then(plain);
    else await plain().then(metered);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `mean: bare ${mean(bare).toFixed(0)} req/s, storefront ${mean(real).toFixed(0)} req/s, without metrics ${mean(unmetered).toFixed(0)} req/s`,
  );
  console.log(`ratio storefront / bare: ${(mean(real) / mean(bare)).toFixed(2)}`);
  console.log(`ratio with / without request metrics: ${(mean(real) / mean(unmetered)).toFixed(3)}`);
} finally {
  servers.stop();
}

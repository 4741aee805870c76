import type { Server } from 'node:http';

/**
 * Stops an HTTP server the way a rolling deploy needs: no new connection is taken, idle kept-alive
 * ones close now, the requests in flight finish (their answers say `Connection: close`, see
 * close-when-draining.ts); whatever still runs after `graceMs` is cut. Resolves once every
 * connection is closed, telling whether it had to cut any.
 */
export async function drainServer(server: Server, graceMs: number): Promise<'drained' | 'forced'> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'forced'>((resolve) => {
    timer = setTimeout(() => resolve('forced'), graceMs);
  });
  const result = await Promise.race([closed.then(() => 'drained' as const), late]);
  clearTimeout(timer);
  if (result === 'forced') {
    server.closeAllConnections();
    await closed;
  }
  return result;
}

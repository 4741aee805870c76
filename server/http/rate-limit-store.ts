import type { Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { createClient } from 'redis';
import { FallbackStore, type SharedStoreLink } from './fallback-store';

/**
 * Gives each limiter its own store. `undefined` means express-rate-limit's memory store: right for
 * one instance only. With REDIS_URL every instance counts in the same Redis (DESIGN.md §2).
 */
export type RateLimitStoreFactory = (name: string) => Store | undefined;

export const memoryRateLimitStores: RateLimitStoreFactory = () => undefined;

export interface RedisRateLimitStores {
  storeFor: RateLimitStoreFactory;
  /** Whether Redis answers a PING now (shown by /api/ready). */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/** What the link says about outages (a pino logger fits). */
export interface OutageLogger {
  warn(fields: object, message: string): void;
  info(message: string): void;
}

export interface RedisStoresOptions {
  /** Each limiter's keys live under `${prefix}${name}:`. */
  prefix?: string;
  logger?: OutageLogger;
  /** A command not answered by then counts as Redis down (a request never waits longer). */
  commandTimeoutMs?: number;
  /** How long the start waits for a first connection before serving on memory counts. */
  startWaitMs?: number;
}

/**
 * Connects to Redis at start, without depending on it: while it is down (at start or later) each
 * limiter counts in this instance's memory, with one warning per outage, and goes back to Redis
 * once it answers again. Commands fail fast instead of queueing while disconnected.
 */
export async function connectRedisRateLimitStores(
  url: string,
  { prefix = 'storefront:rl:', logger, commandTimeoutMs = 500, startWaitMs = 2000 }: RedisStoresOptions = {},
): Promise<RedisRateLimitStores> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000) },
  });
  const link = outageLog(() => client.isReady, logger);
  // Every failed reconnection emits 'error'; without a listener it would end the process.
  client.on('error', (error: unknown) => link.failed(error));
  client.on('ready', () => link.succeeded());
  const connected = client.connect().then(
    () => true,
    () => false, // rejected only by close(): until then the client keeps trying
  );
  await Promise.race([connected, delay(startWaitMs)]);

  const send = (args: string[]) => withTimeout(client.sendCommand<RedisReply>(args), commandTimeoutMs);
  return {
    storeFor: (name) => new FallbackStore(new RedisStore({ prefix: `${prefix}${name}:`, sendCommand: (...args) => send(args) }), link),
    async reachable() {
      if (!client.isReady) return false;
      return send(['PING']).then(
        () => true,
        () => false,
      );
    },
    async close() {
      if (client.isReady) await client.close().catch(() => client.destroy());
      else if (client.isOpen) client.destroy();
    },
  };
}

/**
 * The link's state, logged once when it goes down and once when it comes back. After a failure
 * Redis rests a few seconds even if the socket looks open: a Redis that stopped answering would
 * otherwise cost every limited request a command timeout.
 */
function outageLog(connected: () => boolean, logger?: OutageLogger, restMs = 5000): SharedStoreLink {
  let down = false;
  let restUntil = 0;
  return {
    usable: () => connected() && Date.now() >= restUntil,
    failed(error) {
      restUntil = Date.now() + restMs;
      if (down) return;
      down = true;
      logger?.warn({ error: String(error) }, 'redis unreachable: rate limits counted in this instance’s memory until it is back');
    },
    succeeded() {
      restUntil = 0;
      if (!down) return;
      down = false;
      logger?.info('redis reachable again: rate limits counted in redis');
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`redis: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { createClient } from 'redis';

/**
 * Gives each limiter its own store. `undefined` means express-rate-limit's memory store: right for
 * one instance only. With REDIS_URL every instance counts in the same Redis (DESIGN.md §2).
 */
export type RateLimitStoreFactory = (name: string) => Store | undefined;

export const memoryRateLimitStores: RateLimitStoreFactory = () => undefined;

export interface RedisRateLimitStores {
  storeFor: RateLimitStoreFactory;
  close(): Promise<void>;
}

/** Connects to Redis once at start; each limiter's keys live under `${prefix}${name}:`. */
export async function connectRedisRateLimitStores(
  url: string,
  { prefix = 'storefront:rl:', logger }: { prefix?: string; logger?: Pick<Logger, 'error'> } = {},
): Promise<RedisRateLimitStores> {
  const client = createClient({ url });
  // Without a listener an 'error' event would end the process; the client reconnects by itself.
  client.on('error', (err: unknown) => logger?.error({ error: String(err) }, 'redis (rate limits)'));
  await client.connect();
  return {
    storeFor: (name) =>
      new RedisStore({
        prefix: `${prefix}${name}:`,
        sendCommand: (...args: string[]) => client.sendCommand<RedisReply>(args),
      }),
    async close() {
      await client.close();
    },
  };
}

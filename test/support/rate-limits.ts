import type { Store } from 'express-rate-limit';
import type { RateLimitStoreFactory } from '../../server/http/rate-limit-store';

/**
 * Rate-limit stores that count every call as the first one: the limiters still run (their key
 * functions see every request) but never answer 429. For tests that call a limited endpoint many
 * times on purpose to check something else (the contract sweep); a fresh store per limiter, as
 * express-rate-limit refuses one store shared by several limiters.
 */
export const countNothingStores: RateLimitStoreFactory = () => {
  const store: Store = {
    increment: () => ({ totalHits: 1, resetTime: new Date(Date.now() + 60_000) }),
    decrement: () => {},
    resetKey: () => {},
  };
  return store;
};

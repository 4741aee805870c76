import { MemoryStore, type ClientRateLimitInfo, type IncrementResponse, type Options, type Store } from 'express-rate-limit';

/** The shared store's link: whether to try it now, and where to report how that went. */
export interface SharedStoreLink {
  /** False while the connection is known to be down: the instance's own counters answer at once. */
  usable(): boolean;
  failed(error: unknown): void;
  succeeded(): void;
}

/**
 * A limiter's counts in the shared store (Redis) while it answers, in this instance's memory while
 * it does not: a Redis outage loosens the limits to one instance's count instead of answering 500
 * to every limited route. Each call tries the shared store again once the link is back.
 */
export class FallbackStore implements Store {
  readonly localKeys = false;
  /** The shared store's key prefix (express-rate-limit tells limiters apart by it). */
  readonly prefix?: string;
  private readonly memory = new MemoryStore();
  private options?: Options;
  /** The shared store's own set-up (rate-limit-redis loads its scripts) failed: done again before use. */
  private sharedReady = false;

  constructor(
    private readonly shared: Store,
    private readonly link: SharedStoreLink,
  ) {
    this.prefix = shared.prefix;
  }

  async init(options: Options): Promise<void> {
    this.options = options;
    this.memory.init(options);
    await this.prepareShared().catch((error: unknown) => this.link.failed(error));
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.either(
      async (store) => store.increment(key),
      () => this.memory.increment(key),
    );
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.either(
      (store) => Promise.resolve(store.get?.(key)),
      () => this.memory.get(key),
    );
  }

  decrement(key: string): Promise<void> {
    return this.either(
      async (store) => store.decrement(key),
      () => this.memory.decrement(key),
    );
  }

  resetKey(key: string): Promise<void> {
    void this.memory.resetKey(key);
    return this.either(
      async (store) => store.resetKey(key),
      async () => {},
    );
  }

  private async prepareShared(): Promise<void> {
    if (this.sharedReady || !this.options) return;
    await this.shared.init?.(this.options);
    this.sharedReady = true;
  }

  private async either<T>(onShared: (store: Store) => Promise<T>, onMemory: () => Promise<T>): Promise<T> {
    if (!this.link.usable()) return onMemory();
    try {
      await this.prepareShared();
      const result = await onShared(this.shared);
      this.link.succeeded();
      return result;
    } catch (error) {
      this.link.failed(error);
      return onMemory();
    }
  }
}

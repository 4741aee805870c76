// The `ovh` package (2.0.3) ships no types: only what the adapter and its fake use.
declare module 'ovh' {
  namespace ovh {
    interface ClientOptions {
      appKey: string;
      appSecret: string;
      consumerKey?: string;
      /** A preconfigured endpoint name ('ovh-eu', 'ovh-ca', …); overrides host/port/basePath. */
      endpoint?: string;
      host?: string;
      port?: number;
      basePath?: string;
      /** Socket idle timeout in ms. */
      timeout?: number;
      /** Seconds between OVH's clock and ours; fetched from GET /auth/time when unset. */
      apiTimeDiff?: number;
    }

    /**
     * What requestPromised rejects with: `error` is the HTTP status when OVH answered (message: OVH's
     * `message`), a network errno or Error when it could not be reached, or a sentence of the
     * package's own (e.g. '[OVH] Unable to fetch OVH API time').
     */
    interface RequestFailure {
      error: number | string | Error;
      message?: string | null;
    }

    interface Client {
      requestPromised<T = unknown>(method: string, path: string, params?: Record<string, unknown>): Promise<T>;
      signRequest(method: string, url: string, body: string | null, timestamp: number | string): string;
    }
  }

  function ovh(options: ovh.ClientOptions): ovh.Client;
  export = ovh;
}

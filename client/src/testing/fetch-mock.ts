import { vi } from 'vitest';

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces globalThis.fetch; the handler answers by URL. Returns the mock to inspect its calls. */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** What fetch rejects with when the network is down. */
export function networkDown(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

/** The calls made to URLs starting with `prefix`, as [url, init] pairs. */
export function callsTo(fetchMock: ReturnType<typeof mockFetch>, prefix: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url).startsWith(prefix)).map(([url, init]) => [String(url), init] as const);
}

export function bearerOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, NETWORK_ERROR } from './client';

const apiGet = (path: string) => apiRequest('GET', path);
const apiPost = (path: string, body: unknown, options = {}) => apiRequest('POST', path, body, options);

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status, headers }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((e: unknown) => e);
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('returns the parsed JSON body on success', async () => {
    respond(200, [{ id: 1 }]);
    await expect(apiGet('/api/products')).resolves.toEqual([{ id: 1 }]);
  });

  it('sends JSON and the bearer token', async () => {
    const fetchMock = respond(200, { ok: true });
    await apiPost('/api/ratings', { rating: 5 }, { token: 'abc' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/ratings');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"rating":5}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
  });

  it('throws ApiError carrying status, error, message and fields from the server shape', async () => {
    respond(400, { error: 'validation_failed', message: 'Invalid input', fields: { email: 'Required', phone: ['Too long'] } });
    const error = await caught(apiPost('/api/auth/register', {}));
    expect(error.status).toBe(400);
    expect(error.error).toBe('validation_failed');
    expect(error.message).toBe('Invalid input');
    expect(error.fields).toEqual({ email: 'Required', phone: 'Too long' });
  });

  it('reads Retry-After on 429', async () => {
    respond(429, { error: 'rate_limited', message: 'Trop de tentatives' }, { 'Retry-After': '42' });
    const error = await caught(apiPost('/api/auth/login', {}));
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBe(42);
  });

  it('still throws an ApiError when the error body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await caught(apiGet('/api/products'));
    expect(error.status).toBe(502);
    expect(error.error).toBe('http_502');
  });

  it('turns a network failure into ApiError status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await caught(apiGet('/api/products'));
    expect(error.status).toBe(0);
    expect(error.error).toBe(NETWORK_ERROR);
  });
});

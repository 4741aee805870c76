// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { catalogApi } from '../../../shared/contract/catalog';
import { API_CONTRACT } from '../../../shared/contract/index';
import { ordersApi } from '../../../shared/contract/orders';
import { answer, isCallOf } from '../testing/contract-mock';
import { json, mockFetch } from '../testing/fetch-mock';
import { customerOrder } from '../testing/test-orders';
import { callApi, ANSWER_BREAKS_CONTRACT } from './call';
import { ApiError } from './client';
import { PUBLIC_ROUTES } from './public-routes';

afterEach(() => vi.unstubAllGlobals());

const order = customerOrder({ id: 12, lines: [] });

describe('callApi', () => {
  it('calls the contract path with its params filled in and returns the answer', async () => {
    const fetchMock = mockFetch((url, init) => (isCallOf(ordersApi.get, url, init) ? answer(ordersApi.get, { order }) : json(404, {})));
    await expect(callApi(ordersApi.get, { params: { id: '12' } }, { token: 't' })).resolves.toEqual({ order });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/orders/12');
  });

  it('refuses, in development, an answer the contract does not describe', async () => {
    mockFetch(() => json(200, { order: { ...order, total_cents: '1210' } }));
    const error = await callApi(ordersApi.get, { params: { id: '12' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).error).toBe(ANSWER_BREAKS_CONTRACT);
    expect((error as ApiError).message).toContain('order.total_cents');
  });

  it('calls a route-only entry (public pages) at its path, and every such route is a contract endpoint', async () => {
    const fetchMock = mockFetch(() => json(200, []));
    await expect(callApi<typeof catalogApi.products>(PUBLIC_ROUTES.products)).resolves.toEqual([]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/products');
    for (const route of Object.values(PUBLIC_ROUTES)) {
      expect(API_CONTRACT.some((entry) => entry.method === route.method && entry.path === route.path)).toBe(true);
    }
  });

  it('matches calls by method and path template only', () => {
    expect(isCallOf(ordersApi.get, '/api/orders/7', undefined)).toBe(true);
    expect(isCallOf(ordersApi.get, '/api/orders/7/pay-with-wallet', undefined)).toBe(false);
    expect(isCallOf(ordersApi.get, '/api/orders/7', { method: 'POST' })).toBe(false);
  });
});

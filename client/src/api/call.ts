import { pathOf, type BodyIn, type Endpoint, type ParamsIn, type QueryIn, type ResultOf } from '../../../shared/contract/endpoint';
import { ApiError, apiRequest, type RequestOptions } from './client';

/** What a call sends, typed by its contract entry: path params, query and body. */
export interface CallInput<E extends Endpoint> {
  params?: ParamsIn<E>;
  query?: QueryIn<E>;
  body?: BodyIn<E>;
}

/**
 * What a call needs at run time: the method and path of its declaration. Public pages pass this
 * with a type-only import of the declaration (`callApi<typeof catalogApi.products>(route)`): the
 * literal is checked against the contract at compile time, and zod with the schemas stays out of
 * their JavaScript (issue 18). Their answers are typed by the declaration, not checked at run time.
 */
export type RouteOf<E extends Endpoint> = Pick<E, 'method' | 'path'>;

/** The error a development build raises when an answer does not match the contract. */
export const ANSWER_BREAKS_CONTRACT = 'answer_breaks_contract';

/** `?a=1&b=x` from the defined values of a query object. */
export function queryString(query: object | undefined): string {
  const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return pairs.length ? `?${new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

/** The URL of a call: the contract's path with its params filled in, and the query. */
export function urlOf<E extends Endpoint>(declared: RouteOf<E>, input: CallInput<E> = {}): string {
  return pathOf(declared, input.params as Record<string, string | number> | undefined) + queryString(input.query as object | undefined);
}

/**
 * One call of the contract. The path, method and types come from its declaration; in development
 * (and in tests) the answer is checked against the declared schema, so a server or a mock that
 * drifts from the contract fails loudly instead of rendering nonsense.
 */
export async function callApi<E extends Endpoint>(
  declared: E | RouteOf<E>,
  input: CallInput<E> = {},
  options: RequestOptions = {},
): Promise<ResultOf<E>> {
  const method = declared.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const body = method === 'GET' || method === 'DELETE' ? undefined : (input.body ?? {});
  const answer = await apiRequest(method, urlOf(declared, input), body, options);
  // A call made with a route only (public pages) is typed by its declaration at compile time and
  // not checked here: checking it would bring the contract, and zod, back to those pages.
  if (import.meta.env.DEV && 'response' in declared && declared.response) {
    const checked = declared.response.safeParse(answer);
    if (!checked.success) {
      const where = checked.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
      throw new ApiError(0, { error: ANSWER_BREAKS_CONTRACT, message: `${method} ${declared.path}: ${where}` });
    }
  }
  return answer as ResultOf<E>;
}

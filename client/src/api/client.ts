// The one fetch wrapper. It only speaks HTTP: it never navigates or shows anything;
// callers turn an ApiError into a translated message (DESIGN §4: texts come from the locales).

/** The server's error body: `{ error, message, fields? }`. */
export interface ApiErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

export const NETWORK_ERROR = 'network_error';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly error: string;
  readonly fields: Record<string, string> | undefined;
  /** Seconds from a Retry-After header (429), when the server sent one. */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: ApiErrorBody, retryAfter?: number) {
    super(body.message);
    this.status = status;
    this.error = body.error;
    this.fields = body.fields;
    this.retryAfter = retryAfter;
  }
}

export interface RequestOptions {
  token?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The raw transport: callApi (call.ts) is what features use, typed by the contract. */
export async function apiRequest(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (cause) {
    // An aborted request is the caller's decision, not a failure to report.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { error: NETWORK_ERROR, message: String(cause) });
  }

  const payload = await readJson(response);
  if (!response.ok) {
    throw new ApiError(response.status, toErrorBody(payload, response), readRetryAfter(response));
  }
  return payload;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toErrorBody(payload: unknown, response: Response): ApiErrorBody {
  const fallback = { error: `http_${response.status}`, message: response.statusText || `HTTP ${response.status}` };
  if (!isRecord(payload)) return fallback;
  return {
    error: typeof payload.error === 'string' ? payload.error : fallback.error,
    message: typeof payload.message === 'string' ? payload.message : fallback.message,
    fields: readFields(payload.fields),
  };
}

/** Field errors as `{ field: message }`; a list of messages keeps its first. */
function readFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(value)) {
    const first = Array.isArray(message) ? message[0] : message;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

function readRetryAfter(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

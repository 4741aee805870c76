import type { z } from 'zod';

// One API contract (DESIGN.md §6): every endpoint is declared once, here in shared/, with its
// method, path, params, query, body and answer schemas. The server registers its routes from these
// declarations (server/http/route.ts), GET /api/openapi.json is generated from them, and the
// client builds its calls and test mocks from them.

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call it: nobody in particular, a customer session (bearer), a session if there is one,
 * the staff token of the back-office, or a payment provider (signed webhook).
 */
export type Access = 'public' | 'session' | 'optional-session' | 'staff' | 'provider';

/**
 * What a successful answer is: JSON described by `response`, a file (a PDF; a PDF or UBL XML by
 * `?format`; a zip; a .tar.gz archive; any bytes, e.g. a game server's file), a redirect or a page.
 */
export type Produces = 'json' | 'pdf' | 'document' | 'zip' | 'archive' | 'file' | 'redirect' | 'html';

export interface Endpoint {
  method: HttpMethod;
  /** OpenAPI style: `/api/orders/{id}`. */
  path: `/api/${string}`;
  summary: string;
  /** The OpenAPI tag (one per domain). */
  tag: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer on success; absent when `produces` is not json. */
  response?: z.ZodType;
  /** Success status (200 unless said). */
  status?: number;
  produces?: Produces;
}

/** Declares an endpoint; the literal types are kept so both sides infer params, body and answer. */
export function endpoint<const E extends Endpoint>(declared: E): E {
  return declared;
}

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
type In<S> = S extends z.ZodType ? z.input<S> : Record<string, never>;

/** What the server's handler gets, parsed. */
export type ParamsOf<E extends Endpoint> = Out<E['params']>;
export type QueryOf<E extends Endpoint> = Out<E['query']>;
export type BodyOf<E extends Endpoint> = Out<E['body']>;
/** What a handler returns (before serialisation) and what a client reads back. */
export type AnswerOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : never;
export type ResultOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : never;
/** What a client sends. */
export type ParamsIn<E extends Endpoint> = In<E['params']>;
export type QueryIn<E extends Endpoint> = In<E['query']>;
export type BodyIn<E extends Endpoint> = In<E['body']>;

/** The path with its `{name}` segments filled in, each one URI-encoded. */
export function pathOf(declared: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}): string {
  return declared.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${declared.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Express's form of the path inside the /api router: `/orders/:id`. */
export function expressPathOf(declared: Pick<Endpoint, 'path'>): string {
  return declared.path.slice('/api'.length).replace(/\{(\w+)\}/g, ':$1');
}

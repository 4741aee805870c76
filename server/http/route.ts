import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { expressPathOf, type AnswerOf, type BodyOf, type Endpoint, type ParamsOf, type QueryOf } from '../../shared/contract/endpoint';
import { NotFoundError, ValidationError, type FieldErrors } from './errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

/** A handler that wrote the answer itself (a file, a redirect, a 304) returns this. */
export const SENT = Symbol('answer sent');

export interface RouteContext<E extends Endpoint> {
  req: Request;
  res: Response;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
}

type Answer<E extends Endpoint> = E['response'] extends z.ZodType ? AnswerOf<E> : typeof SENT;
export type RouteHandler<E extends Endpoint> = (ctx: RouteContext<E>) => Promise<Answer<E> | typeof SENT> | Answer<E> | typeof SENT;

declare module 'express-serve-static-core' {
  interface Locals {
    /** The contract entry of the route answering (read by the answer check). */
    endpoint?: Endpoint;
  }
}

/**
 * Registers one endpoint of the contract, as a sentence: the guards (auth, staff area, limits) in
 * order, then the handler. Params, query and body are parsed with the contract's schemas before
 * the handler runs: a path id that cannot name a row is 404, a bad query or body 400 with field
 * details, a NUL byte in any text 400 (Postgres text cannot hold it), and a part nested deeper
 * than MAX_JSON_DEPTH 400 (nothing walks it). The handler returns
 * the answer; it is sent as JSON with the declared status.
 */
export function route<E extends Endpoint>(router: Router, declared: E, ...chain: [...RequestHandler[], RouteHandler<E>]): void {
  const handler = chain.pop() as RouteHandler<E>;
  const guards = chain as RequestHandler[];
  const markEndpoint: RequestHandler = (_req, res, next) => {
    res.locals.endpoint = declared;
    next();
  };
  const parseParams: RequestHandler = (req, _res, next) => {
    if (declared.params && !declared.params.safeParse(req.params).success) throw NotFoundError();
    next();
  };
  const run: RequestHandler = async (req, res) => {
    const ctx = {
      req,
      res,
      params: declared.params ? declared.params.parse(req.params) : {},
      query: parsePart(declared.query, req.query, 'query'),
      body: parsePart(declared.body, req.body ?? {}, 'body'),
    } as RouteContext<E>;
    const answer = await handler(ctx);
    if (answer === SENT) return;
    res.status(declared.status ?? 200).json(answer);
  };
  router[declared.method](expressPathOf(declared), markEndpoint, parseParams, ...guards, run);
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: 'query' | 'body'): unknown {
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
    throw ValidationError({ _: [`nested deeper than ${MAX_JSON_DEPTH} levels`] }, `The ${part} is nested too deeply`);
  }
  const nul = findNulByte(value);
  if (nul !== null) throw ValidationError({ [nul || '_']: ['contains a NUL byte'] }, `The ${part} holds a NUL byte`);
  if (!schema) return {};
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw ValidationError(fields);
}

/**
 * The dotted path of the first string holding U+0000 (keys included), or null. Walked with a stack
 * of its own rather than recursion, so no input depth can overflow the call stack.
 */
export function findNulByte(value: unknown): string | null {
  // Children are pushed last-first so they pop in document order: the first NUL found is the first one written.
  const pending: { value: unknown; path: string; badKey?: boolean }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: here, path } = next;
    if (next.badKey) return path;
    if (Buffer.isBuffer(here)) continue; // a raw body (webhooks) is bytes the provider signed, not text
    if (typeof here === 'string') {
      if (here.includes('\u0000')) return path;
      continue;
    }
    if (!here || typeof here !== 'object') continue;
    const entries = Object.entries(here);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      const itemPath = path ? `${path}.${key}` : key;
      pending.push({ value: item, path: itemPath });
      // Pushed after its value, so it pops first: a key is reported before anything under it.
      if (key.includes('\u0000')) pending.push({ value: undefined, path: itemPath, badKey: true });
    }
  }
  return null;
}

import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { expressPathOf, type AnswerOf, type BodyOf, type Endpoint, type ParamsOf, type QueryOf } from '../../shared/contract/endpoint';
import { NotFoundError, ValidationError, type FieldErrors } from './errors';

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
 * details, and a NUL byte in any text 400 (Postgres text cannot hold it). The handler returns
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
  const nul = findNulByte(value);
  if (nul !== null) throw ValidationError({ [nul || '_']: ['contains a NUL byte'] }, `The ${part} holds a NUL byte`);
  if (!schema) return {};
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw ValidationError(fields);
}

/** The dotted path of the first string holding U+0000 (keys included), or null. */
export function findNulByte(value: unknown, path = ''): string | null {
  if (Buffer.isBuffer(value)) return null; // a raw body (webhooks) is bytes the provider signed, not text
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNulByte(item, path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return here;
      const found = findNulByte(item, here);
      if (found !== null) return found;
    }
  }
  return null;
}

import pino from 'pino';

/** Longest text an error's message or stack may put in one log line. */
export const MAX_ERROR_TEXT = 2_000;

const bound = (text: unknown) =>
  typeof text === 'string' && text.length > MAX_ERROR_TEXT
    ? `${text.slice(0, MAX_ERROR_TEXT)}… [${text.length - MAX_ERROR_TEXT} more characters]`
    : text;

/**
 * pino's error serializer, with a bounded text: a failed query's error carries its whole SQL (knex
 * puts it in the message, with every bound value), which could be megabytes and customer data.
 */
export function boundedErrorSerializer(err: unknown): unknown {
  const serialized = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown> | undefined;
  if (!serialized || typeof serialized !== 'object') return serialized;
  const { bindings: _bindings, ...kept } = serialized;
  return { ...kept, message: bound(kept.message), stack: bound(kept.stack), ...(kept.sql !== undefined && { sql: bound(kept.sql) }) };
}

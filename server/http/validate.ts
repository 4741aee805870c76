import type { z } from 'zod';
import { ValidationError, type FieldErrors } from './errors';

/** Parses a request part with a shared zod schema; bad input becomes a 400 with field details. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  throw ValidationError(fields);
}

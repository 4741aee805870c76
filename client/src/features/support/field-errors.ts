import type { z } from 'zod';

/** First message (a locale key) per top-level field of a failed zod parse. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!(name in fields)) fields[name] = issue.message;
  }
  return fields;
}

import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A resolver whose zod schema loads on the first check, for a public page that must not download
 * zod (tools/bundle-report.ts): nor zod nor @hookform/resolvers/zod (which names `$ZodError`) is
 * imported here. Each field gets its first issue's message (a locale key), as zodResolver does.
 */
export function lazySchemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values) => {
    const parsed = (await load()).safeParse(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      errors[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<z.input<S>> };
  };
}

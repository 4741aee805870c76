import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's zod resolver on a shared schema that loads, with zod, on the form's first
 * check: a public page's own JavaScript stays without zod (25 kB gzip; tools/bundle-report.ts).
 */
export function lazyZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  let resolver: Promise<Resolver<z.input<Schema>, unknown, z.output<Schema>>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
    );
    return (await resolver)(values, context, options);
  };
}

import { productSchema, type Product } from '../../../shared/schemas/product';

/**
 * GET /api/products read with the shared schema: a production build does not parse answers, and
 * config_products given as a JSON string must be parsed (an unreadable one dropped, spec §3). A
 * product that does not fit is left out rather than failing the page.
 */
export function readProducts(body: unknown[]): Product[] {
  return body.flatMap((item) => {
    const parsed = productSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/languages';
import { productSchema } from '../schemas/product';
import { endpoint } from './endpoint';

/** The public catalogue (spec §7 "Catalogue and ratings"). */
export const catalogApi = {
  products: endpoint({
    method: 'get',
    path: '/api/products',
    summary: 'The active products, by category then price, in the language asked (French without lng); ETag, 304 when unchanged',
    tag: 'catalog',
    access: 'public',
    query: z.object({ lng: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE) }),
    response: z.array(productSchema),
  }),
};

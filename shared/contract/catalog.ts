import { z } from 'zod';
import { productSchema } from '../schemas/product';
import { endpoint } from './endpoint';

/** The public catalogue (spec §7 "Catalogue and ratings"). */
export const catalogApi = {
  products: endpoint({
    method: 'get',
    path: '/api/products',
    summary: 'The active products, by category then price; ETag, 304 when unchanged',
    tag: 'catalog',
    access: 'public',
    response: z.array(productSchema),
  }),
};

import { z } from 'zod';
import { PRODUCT_IMAGES } from '../catalog/product-images';

/** One of the shop's own illustrations (a key, never a URL). Apart from the list, so the shop's cards stay free of zod. */
export const productImageSchema = z.enum(PRODUCT_IMAGES, { error: 'Image inconnue.' });

import { HttpError } from '../../../http/errors';

// What the Produits category refuses (bad bodies are 400 validation_error from the shared schema).

export const ProductNotFound = () => new HttpError(404, 'product_not_found', 'No such product');

import { ApiError } from '../../../api/client';
import type { ProductField } from './product-form-values';

/** What the form shows for a refused creation: a locale text (never the API's English message) and the fields to mark. */
export interface ProductRefusal {
  messageKey: string;
  fields: ProductField[];
}

/** The server's error codes the form has a text for. */
const TEXT_OF_CODE: Record<string, string> = {
  slug_taken: 'staff.product.slugTaken',
  validation_error: 'staff.product.invalid',
  unauthorized: 'staff.product.loginNeeded',
  staff_token_required: 'staff.product.loginNeeded',
  forbidden_role: 'staff.forbidden.text',
};

/** The payload's names (cents) for the form's fields (euros). */
const FORM_FIELD_OF: Record<string, ProductField> = { price_cents: 'price', support_cents: 'support', margin_cents: 'margin' };

export function productRefusal(error: unknown, formFields: readonly string[]): ProductRefusal {
  // No answer (network) or a failure on the server's side: spec §8 'Erreur serveur'.
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500)
    return { messageKey: 'staff.product.serverError', fields: [] };
  const named = error.error === 'slug_taken' ? ['slug'] : Object.keys(error.fields ?? {}).map((name) => FORM_FIELD_OF[name] ?? name);
  const fields = named.filter((name): name is ProductField => formFields.includes(name));
  return { messageKey: TEXT_OF_CODE[error.error] ?? 'staff.product.refused', fields };
}

import { useTranslation } from 'react-i18next';
import type { DeliveryForm } from './delivery-field';
import { deliveryErrorKey } from './delivery-form-values';
import { FieldError } from '../../../../ui/form-field';

/** A rule of the whole list (each id once), said under its title; the rows' own errors are theirs. */
export function ListError({ form, name }: { form: DeliveryForm; name: 'os_choices' | 'variants' }) {
  const { t } = useTranslation();
  const error = form.formState.errors[name];
  // The list's own error is its `root` (or the array's message); a row's errors sit at their index.
  const own = error && ('root' in error && error.root ? error.root : 'message' in error && error.message ? error : undefined);
  const key = deliveryErrorKey(name, own as { type?: string; message?: string } | undefined);
  return key ? <FieldError>{t(key)}</FieldError> : null;
}

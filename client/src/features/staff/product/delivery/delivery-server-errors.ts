import type { Path } from 'react-hook-form';
import { ApiError } from '../../../../api/client';
import { isLocaleKey } from '../../../../ui/forms/server-field-errors';
import type { DeliveryForm } from './delivery-field';
import type { DeliveryFormValues } from './delivery-form-values';

const SECTION_FIELDS = /^(delivery|os_choices|variants)\./;

/**
 * The server's refusals of the delivery section (`delivery.pterodactyl.egg`, `variants.0.id`...:
 * the panel checks the settings before saving) set on its fields, the first one focused.
 * Returns whether any was set.
 */
export function setDeliveryServerErrors(form: DeliveryForm, error: unknown, i18n: { exists: (key: string) => boolean }): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const refused = Object.entries(error.fields).filter(([name]) => SECTION_FIELDS.test(name));
  refused.forEach(([name, message], index) =>
    form.setError(
      name as Path<DeliveryFormValues>,
      { type: 'server', message: isLocaleKey(message, i18n) ? message : 'staff.delivery.errors.refused' },
      { shouldFocus: index === 0 },
    ),
  );
  return refused.length > 0;
}

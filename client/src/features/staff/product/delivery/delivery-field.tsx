import { useTranslation } from 'react-i18next';
import { get, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../../ui/form-field';
import { deliveryErrorKey, type DeliveryFormValues, type DeliveryPayload } from './delivery-form-values';

export type DeliveryForm = UseFormReturn<DeliveryFormValues, unknown, DeliveryPayload>;

interface Props {
  form: DeliveryForm;
  name: FieldPath<DeliveryFormValues>;
  label: string;
  hint?: string;
  numeric?: boolean;
  required?: boolean;
  disabled: boolean;
  className?: string;
}

/** A text input of the delivery section: its label, hint and the rule it breaks, in the staff member's language. */
export function DeliveryField({ form, name, label, hint, numeric = false, required = false, disabled, className }: Props) {
  const { t } = useTranslation();
  const errorKey = deliveryErrorKey(name, get(form.formState.errors, name));
  return (
    <TextField
      id={fieldId(name)}
      label={label}
      hint={hint}
      required={required}
      inputMode={numeric ? 'numeric' : undefined}
      autoComplete="off"
      spellCheck={false}
      error={errorKey ? t(errorKey) : undefined}
      disabled={disabled}
      className={className}
      {...form.register(name)}
    />
  );
}

/** The element id of a field of the section (its path, dots as dashes). */
export const fieldId = (name: string) => `delivery-${name.replace(/\./g, '-')}`;

import { useTranslation } from 'react-i18next';
import { get, useFieldArray } from 'react-hook-form';
import { OS_FAMILIES } from '../../../../../../shared/constants';
import { FormField } from '../../../../ui/form-field';
import { DeliveryField, fieldId, type DeliveryForm } from './delivery-field';
import { deliveryErrorKey } from './delivery-form-values';
import { ListError } from './list-error';

/** The systems a VPS buyer chooses from (`os_choices`): id, name shown, family (the picker's rule). */
export function OsChoiceFields({ form, disabled }: { form: DeliveryForm; disabled: boolean }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'os_choices' });
  return (
    <fieldset className="delivery-list product-form__wide">
      <legend className="delivery-list__title">{t('staff.delivery.systems.title')}</legend>
      <p className="field__hint">{t('staff.delivery.systems.hint')}</p>
      <ListError form={form} name="os_choices" />
      {fields.map((row, index) => {
        const family = `os_choices.${index}.family` as const;
        const familyError = deliveryErrorKey(family, get(form.formState.errors, family));
        return (
          <fieldset key={row.id} className="delivery-row">
            <legend className="delivery-row__title">{t('staff.delivery.systems.row', { n: index + 1 })}</legend>
            <DeliveryField form={form} name={`os_choices.${index}.id`} label={t('staff.delivery.choiceId')} required disabled={disabled} />
            <DeliveryField
              form={form}
              name={`os_choices.${index}.name`}
              label={t('staff.delivery.choiceName')}
              required
              disabled={disabled}
            />
            <FormField id={fieldId(family)} label={t('staff.delivery.systems.family')} error={familyError && t(familyError)}>
              {(control) => (
                <select className="select" disabled={disabled} {...form.register(family)} {...control}>
                  {OS_FAMILIES.map((one) => (
                    <option key={one} value={one}>
                      {t(`staff.delivery.systems.families.${one}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <button
              type="button"
              className="button button--secondary button--small delivery-row__remove"
              disabled={disabled}
              onClick={() => remove(index)}
            >
              {t('staff.delivery.systems.remove', { n: index + 1 })}
            </button>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={disabled || fields.length >= 20}
        onClick={() => append({ id: '', name: '', family: 'linux' })}
      >
        {t('staff.delivery.systems.add')}
      </button>
    </fieldset>
  );
}

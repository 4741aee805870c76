import { useTranslation } from 'react-i18next';
import { get, useFieldArray, useWatch } from 'react-hook-form';
import { FormField } from '../../../../ui/form-field';
import type { GamePanelCatalogue } from './api/get-game-panel-catalogue';
import { DeliveryField, fieldId, type DeliveryForm } from './delivery-field';
import { deliveryErrorKey } from './delivery-form-values';

interface Props {
  form: DeliveryForm;
  catalogue: GamePanelCatalogue | undefined;
  disabled: boolean;
}

/** The game versions a buyer chooses from (Paper, Forge, Fabric): each an egg of the panel, and its image if not the egg's first. */
export function VariantFields({ form, catalogue, disabled }: Props) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'variants' });
  const chosenEggs = useWatch({ control: form.control, name: 'variants' });
  const eggs = catalogue?.eggs ?? [];
  const errorOf = (name: string) => {
    const key = deliveryErrorKey(name, get(form.formState.errors, name));
    return key && t(key);
  };

  return (
    <fieldset className="delivery-list product-form__wide">
      <legend className="delivery-list__title">{t('staff.delivery.variants.title')}</legend>
      <p className="field__hint">{t('staff.delivery.variants.hint')}</p>
      {fields.map((row, index) => {
        const egg = eggs.find((one) => String(one.id) === chosenEggs?.[index]?.egg);
        const images = Object.entries(egg?.dockerImages ?? {});
        return (
          <fieldset key={row.id} className="delivery-row">
            <legend className="delivery-row__title">{t('staff.delivery.variants.row', { n: index + 1 })}</legend>
            <DeliveryField form={form} name={`variants.${index}.id`} label={t('staff.delivery.choiceId')} required disabled={disabled} />
            <DeliveryField
              form={form}
              name={`variants.${index}.name`}
              label={t('staff.delivery.choiceName')}
              required
              disabled={disabled}
            />
            <FormField
              id={fieldId(`variants.${index}.egg`)}
              label={t('staff.delivery.variants.egg')}
              required
              error={errorOf(`variants.${index}.egg`)}
            >
              {(control) => (
                <select className="select" disabled={disabled || !catalogue} {...form.register(`variants.${index}.egg`)} {...control}>
                  <option value="">{t('staff.product.choose')}</option>
                  {eggs.map((one) => (
                    <option key={one.id} value={one.id}>
                      {one.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              id={fieldId(`variants.${index}.dockerImage`)}
              label={t('staff.delivery.variants.image')}
              error={errorOf(`variants.${index}.dockerImage`)}
            >
              {(control) => (
                <select
                  className="select"
                  disabled={disabled || images.length === 0}
                  {...form.register(`variants.${index}.dockerImage`)}
                  {...control}
                >
                  <option value="">{t('staff.delivery.variants.eggImage')}</option>
                  {images.map(([label, image]) => (
                    <option key={image} value={image}>
                      {label}
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
              {t('staff.delivery.variants.remove', { n: index + 1 })}
            </button>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={disabled || fields.length >= 20}
        onClick={() => append({ id: '', name: '', egg: '', dockerImage: '' })}
      >
        {t('staff.delivery.variants.add')}
      </button>
    </fieldset>
  );
}

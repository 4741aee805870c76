import { useTranslation } from 'react-i18next';
import { get, useFieldArray, useWatch } from 'react-hook-form';
import { FormField } from '../../../../ui/form-field';
import type { GamePanelCatalogue } from './api/get-game-panel-catalogue';
import { DeliveryField, fieldId, type DeliveryForm } from './delivery-field';
import { deliveryErrorKey } from './delivery-form-values';
import { ListError } from './list-error';

interface Props {
  form: DeliveryForm;
  /** The panel's lists when the game panel delivers; absent for delivery by hand. */
  catalogue: GamePanelCatalogue | undefined;
  disabled: boolean;
}

/**
 * The game versions a buyer chooses from (Paper, Forge, Fabric). On the game panel each may name
 * its own egg and image (else the product's); delivered by hand, a version is a name only.
 */
export function VariantFields({ form, catalogue, disabled }: Props) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'variants' });
  const rows = useWatch({ control: form.control, name: 'variants' });
  const errorOf = (name: string) => {
    const key = deliveryErrorKey(name, get(form.formState.errors, name));
    return key && t(key);
  };

  return (
    <fieldset className="delivery-list product-form__wide">
      <legend className="delivery-list__title">{t('staff.delivery.variants.title')}</legend>
      <p className="field__hint">{t(catalogue ? 'staff.delivery.variants.hint' : 'staff.delivery.variants.hintByHand')}</p>
      <ListError form={form} name="variants" />
      {fields.map((row, index) => (
        <fieldset key={row.id} className="delivery-row">
          <legend className="delivery-row__title">{t('staff.delivery.variants.row', { n: index + 1 })}</legend>
          <DeliveryField form={form} name={`variants.${index}.id`} label={t('staff.delivery.choiceId')} required disabled={disabled} />
          <DeliveryField form={form} name={`variants.${index}.name`} label={t('staff.delivery.choiceName')} required disabled={disabled} />
          {catalogue && (
            <>
              <FormField
                id={fieldId(`variants.${index}.egg`)}
                label={t('staff.delivery.variants.egg')}
                error={errorOf(`variants.${index}.egg`)}
              >
                {(control) => (
                  <select className="select" disabled={disabled} {...form.register(`variants.${index}.egg`)} {...control}>
                    <option value="">{t('staff.delivery.variants.productEgg')}</option>
                    {catalogue.eggs.map((one) => (
                      <option key={one.id} value={one.id}>
                        {one.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <VariantImage
                form={form}
                index={index}
                images={imagesOf(catalogue, rows?.[index]?.egg)}
                error={errorOf(`variants.${index}.dockerImage`)}
                disabled={disabled}
              />
            </>
          )}
          <button
            type="button"
            className="button button--secondary button--small delivery-row__remove"
            disabled={disabled}
            onClick={() => remove(index)}
          >
            {t('staff.delivery.variants.remove', { n: index + 1 })}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={disabled || fields.length >= 20}
        onClick={() => append({ id: '', name: '', egg: '', dockerImage: '', startup: '', environment: {} })}
      >
        {t('staff.delivery.variants.add')}
      </button>
    </fieldset>
  );
}

/** The images of the version's egg, as [label, image]; none until it names an egg. */
const imagesOf = (catalogue: GamePanelCatalogue, egg: string | undefined) =>
  Object.entries(catalogue.eggs.find((one) => String(one.id) === egg)?.dockerImages ?? {});

interface ImageProps {
  form: DeliveryForm;
  index: number;
  images: [string, string][];
  error: string | undefined;
  disabled: boolean;
}

/** The version's image: one of its egg's, or the egg's own. */
function VariantImage({ form, index, images, error, disabled }: ImageProps) {
  const { t } = useTranslation();
  const name = `variants.${index}.dockerImage` as const;
  return (
    <FormField id={fieldId(name)} label={t('staff.delivery.variants.image')} error={error}>
      {(control) => (
        <select className="select" disabled={disabled || images.length === 0} {...form.register(name)} {...control}>
          <option value="">{t('staff.delivery.variants.eggImage')}</option>
          {images.map(([label, image]) => (
            <option key={image} value={image}>
              {label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

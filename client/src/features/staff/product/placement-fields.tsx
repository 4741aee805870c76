import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../ui/form-field';
import { ImagePicker } from './image-picker';
import type { ProductImage } from '../../../../../shared/catalog/product-images';
import { NO_SUBCATEGORY } from './product-form-values';
import type { StaffCategory } from './use-staff-categories';

export type PlacementField = 'category_id' | 'subcategory_id' | 'image';
/** As the selects hold them: ids as text, '' until chosen, NO_SUBCATEGORY for "Sans sous-catégorie". */
export type PlacementValues = Record<'category_id' | 'subcategory_id', string> & { image: ProductImage | '' };

interface Props {
  /** Prefix of the controls' ids (`${idPrefix}-category_id` …), unique in the page. */
  idPrefix: string;
  /** The values as the form holds them now: the selects and the image show them. */
  values: PlacementValues;
  /** Each control's `register()` of the form (its change handler, name and ref for the focus). */
  controls: Record<PlacementField, UseFormRegisterReturn>;
  categories: readonly StaffCategory[];
  invalid: readonly string[];
  errorText: string | undefined;
  errorAt: string;
  disabled: boolean;
}

/**
 * Category, subcategory and image (issue 17). Both selects start empty and are required, so a
 * product lands in "Sans sous-catégorie" only when that is chosen, never by omission.
 */
export function PlacementFields({ idPrefix, values, controls, categories, invalid, errorText, errorAt, disabled }: Props) {
  const { t } = useTranslation();
  const category = categories.find((c) => String(c.id) === values.category_id);
  const error = (field: PlacementField) => (invalid.includes(field) ? errorText : undefined);

  return (
    <>
      <FormField
        id={`${idPrefix}-category_id`}
        label={t('staff.product.category')}
        required
        error={error('category_id')}
        errorShownAt={errorAt}
      >
        {(control) => (
          <select className="select" value={values.category_id} disabled={disabled} required {...controls.category_id} {...control}>
            <option value="">{t('staff.product.choose')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-subcategory_id`}
        label={t('staff.product.subcategory')}
        required
        error={error('subcategory_id')}
        errorShownAt={errorAt}
      >
        {(control) => (
          <select
            className="select"
            value={values.subcategory_id}
            disabled={disabled || !category}
            required
            {...controls.subcategory_id}
            {...control}
          >
            <option value="">{t('staff.product.choose')}</option>
            {category?.subcategories.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
            {category && <option value={NO_SUBCATEGORY}>{t('staff.product.noSubcategory')}</option>}
          </select>
        )}
      </FormField>
      <ImagePicker
        name={`${idPrefix}-image`}
        value={values.image}
        disabled={disabled}
        invalid={invalid.includes('image')}
        describedBy={[invalid.includes('image') ? errorAt : '', `${idPrefix}-image-hint`].filter(Boolean).join(' ')}
        control={controls.image}
      />
    </>
  );
}

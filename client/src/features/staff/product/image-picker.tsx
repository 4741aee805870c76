import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PRODUCT_IMAGES, productImageUrl, type ProductImage } from '../../../../../shared/catalog/product-images';
import { ProductImage as Illustration } from '../../../ui/product-image';
import '../../../styles/image-picker.css';

interface Props {
  /** Prefix of the hint's id, unique in the page (the radios carry the form's field name). */
  name: string;
  value: ProductImage | '';
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  /** The form's `register('image')`: every radio shares it. */
  control: UseFormRegisterReturn;
}

/** The illustrations as a radio group of thumbnails: the admin sees what the shop will show. */
export function ImagePicker({ name, value, disabled, invalid, describedBy, control }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="image-picker product-form__wide" aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <legend className="field__label">{t('staff.product.image')}</legend>
      <p id={`${name}-hint`} className="field__hint">
        {t('staff.product.imageHint')}
      </p>
      <div className="image-picker__options">
        {PRODUCT_IMAGES.map((image) => (
          <label key={image} className="image-picker__option">
            <input type="radio" className="image-picker__radio" {...control} value={image} checked={value === image} disabled={disabled} />
            <Illustration src={productImageUrl(image)} className="image-picker__image" eager />
            <span className="image-picker__label">{t(`staff.product.images.${image}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

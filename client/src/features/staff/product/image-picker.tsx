import { useTranslation } from 'react-i18next';
import { PRODUCT_IMAGES, productImageUrl, type ProductImage } from '../../../../../shared/catalog/product-images';
import { ProductImage as Illustration } from '../../../ui/product-image';
import '../../../styles/image-picker.css';

interface Props {
  name: string;
  value: ProductImage | '';
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (image: ProductImage) => void;
}

/** The illustrations as a radio group of thumbnails: the admin sees what the shop will show. */
export function ImagePicker({ name, value, disabled, invalid, describedBy, onChange }: Props) {
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
            <input
              type="radio"
              className="image-picker__radio"
              name={name}
              value={image}
              checked={value === image}
              disabled={disabled}
              onChange={() => onChange(image)}
            />
            <Illustration src={productImageUrl(image)} className="image-picker__image" eager />
            <span className="image-picker__label">{t(`staff.product.images.${image}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

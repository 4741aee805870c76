import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { CURRENCIES } from '../../../../../shared/constants';
import { FormField, TextField } from '../../../ui/form-field';
import { PlacementFields, type PlacementValues } from './placement-fields';
import { languageOfFields, type ProductField, type ProductFormValues } from './product-form-values';
import { ProductTextsFields } from './product-texts-fields';
import { PRODUCT_TEXT_FIELDS, type ProductTextField } from './product-text-fields';
import { BandwidthField, BillingPeriodField, StorageTypeField } from './product-offer-fields';
import type { Language } from '../../../../../shared/i18n/languages';
import type { StaffCategory } from './use-staff-categories';

interface Props {
  /** The placement as the form holds it now (the selects and the image show it). */
  placement: PlacementValues;
  register: UseFormRegister<ProductFormValues>;
  /** The category's own handler: a new category resets the subcategory and, unless picked, the image. */
  onCategoryChange: (categoryId: string) => void;
  onImagePicked: () => void;
  categories: readonly StaffCategory[];
  invalid: readonly ProductField[];
  /** Languages whose name is left empty: the shop shows French there. */
  fallingBack: readonly Language[];
  /** The form's message, which the invalid fields point to (it shows once, above the cards). */
  errorText: string | undefined;
  errorAt: string;
  disabled: boolean;
}

/**
 * The cards of the form: product info, category and image (issue 17), finances, OVH config, product
 * configuration (spec §2).
 */
export function ProductFieldsets({
  placement,
  register,
  onCategoryChange,
  onImagePicked,
  categories,
  invalid,
  fallingBack,
  errorText,
  errorAt,
  disabled,
}: Props) {
  const { t } = useTranslation();
  // A text input bound to one field; money fields get the decimal keyboard and the euro hint.
  const text = (
    field: ProductField,
    label: string,
    extra: { required?: boolean; money?: boolean; hint?: string; numeric?: boolean } = {},
  ) => (
    <TextField
      id={`product-${field}`}
      label={label}
      required={extra.required}
      inputMode={extra.money ? 'decimal' : extra.numeric ? 'numeric' : undefined}
      hint={extra.hint ?? (extra.money ? t('staff.product.euroHint') : undefined)}
      error={invalid.includes(field) ? errorText : undefined}
      errorShownAt={errorAt}
      disabled={disabled}
      {...register(field)}
    />
  );

  // Registered before the slug: the first field in error takes the focus, in page order.
  const textControls = Object.fromEntries(PRODUCT_TEXT_FIELDS.map((field) => [field, register(field)])) as Record<
    ProductTextField,
    UseFormRegisterReturn
  >;

  return (
    <div className="product-form__cards">
      <Card title={t('staff.product.info')}>
        <ProductTextsFields
          idPrefix="product"
          controls={textControls}
          errorOf={(field) => (invalid.includes(field) ? errorText : undefined)}
          errorShownAt={errorAt}
          fallingBack={fallingBack}
          invalidLanguage={languageOfFields(invalid)}
          disabled={disabled}
        />
        {text('slug', t('staff.product.slug'), { required: true, hint: t('staff.product.slugHint') })}
      </Card>
      <Card title={t('staff.product.placement')}>
        <PlacementFields
          idPrefix="product"
          values={placement}
          controls={{
            category_id: register('category_id', { onChange: (event) => onCategoryChange(event.target.value) }),
            subcategory_id: register('subcategory_id'),
            image: register('image', { onChange: onImagePicked }),
          }}
          categories={categories}
          invalid={invalid}
          errorText={errorText}
          errorAt={errorAt}
          disabled={disabled}
        />
      </Card>
      <Card title={t('staff.product.finances')}>
        {text('price', t('staff.product.price'), { required: true, money: true })}
        {text('support', t('staff.product.support'), { money: true })}
        {text('margin', t('staff.product.margin'), { money: true })}
        {text('tax_rate', t('staff.product.tax'), { numeric: true })}
        <FormField id="product-currency" label={t('staff.product.currency')}>
          {(control) => (
            <select className="select" disabled={disabled} {...register('currency')} {...control}>
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <BillingPeriodField
          id="product-billing_months"
          control={register('billing_months')}
          disabled={disabled}
          error={invalid.includes('billing_months') ? errorText : undefined}
          errorShownAt={errorAt}
        />
      </Card>
      <Card title={t('staff.product.ovh')}>
        {text('region', t('staff.product.region'))}
        {text('os', t('staff.product.os'))}
      </Card>
      <Card title={t('staff.product.config')}>
        {text('ram', t('staff.product.ram'))}
        {text('cores', t('staff.product.cores'), { numeric: true })}
        {text('storage', t('staff.product.storage'))}
        <StorageTypeField
          id="product-storage_type"
          control={register('storage_type')}
          emptyLabel={t('staff.product.storageTypeFromLine')}
          disabled={disabled}
          error={invalid.includes('storage_type') ? errorText : undefined}
          errorShownAt={errorAt}
        />
        {text('traffic', t('staff.product.traffic'))}
        <BandwidthField
          id="product-bandwidth"
          control={register('bandwidth')}
          disabled={disabled}
          error={invalid.includes('bandwidth') ? errorText : undefined}
          errorShownAt={errorAt}
        />
        {text('stock', t('staff.product.stock'), { numeric: true })}
      </Card>
    </div>
  );
}

/** One card: a fieldset whose legend names the group for screen readers too. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="product-card">
      <legend className="product-card__title">{title}</legend>
      <div className="product-card__grid">{children}</div>
    </fieldset>
  );
}

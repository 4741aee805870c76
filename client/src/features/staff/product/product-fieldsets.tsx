import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegister } from 'react-hook-form';
import { BILLING_PERIOD_MONTHS } from '../../../../../shared/billing/service-period';
import { CURRENCIES } from '../../../../../shared/constants';
import { FormField, TextField } from '../../../ui/form-field';
import { PlacementFields, type PlacementValues } from './placement-fields';
import type { ProductField, ProductFormValues } from './product-form-values';
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

  return (
    <div className="product-form__cards">
      <Card title={t('staff.product.info')}>
        {text('name', t('staff.product.name'), { required: true })}
        {text('slug', t('staff.product.slug'), { required: true, hint: t('staff.product.slugHint') })}
        <FormField id="product-description" label={t('staff.product.description')} className="product-form__wide">
          {(control) => <textarea className="input textarea" rows={4} disabled={disabled} {...register('description')} {...control} />}
        </FormField>
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
        <FormField id="product-billing_months" label={t('staff.product.billingPeriod')} hint={t('staff.product.billingPeriodHint')}>
          {(control) => (
            <select className="select" disabled={disabled} {...register('billing_months')} {...control}>
              {BILLING_PERIOD_MONTHS.map((months) => (
                <option key={months} value={String(months)}>
                  {months === 1 ? t('staff.product.billingMonthly') : t('staff.product.billingMonths', { months })}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </Card>
      <Card title={t('staff.product.ovh')}>
        {text('region', t('staff.product.region'))}
        {text('os', t('staff.product.os'))}
      </Card>
      <Card title={t('staff.product.config')}>
        {text('ram', t('staff.product.ram'))}
        {text('cores', t('staff.product.cores'), { numeric: true })}
        {text('storage', t('staff.product.storage'))}
        {text('traffic', t('staff.product.traffic'))}
        {text('bandwidth', t('staff.product.bandwidth'), { hint: t('staff.product.bandwidthHint') })}
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

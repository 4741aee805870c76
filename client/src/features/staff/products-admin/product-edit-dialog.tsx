import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { staffProductsApi } from '../../../../../shared/contract/staff-products';
import type { AdminProductDto } from '../../../../../shared/schemas/staff/products';
import { ApiError } from '../../../api/client';
import { FormAlert } from '../../../ui/form-alert';
import { errorText, setServerFieldErrors } from '../../../ui/forms/server-field-errors';
import { PlacementFields } from '../product/placement-fields';
import { useStaffCategories } from '../product/use-staff-categories';
import { useStaffApi } from '../use-staff-api';
import { EDIT_SERVER_FIELDS, editValuesOf, productEditSchema, type ProductEditField } from './product-edit-values';
import { ProductTextsFields } from '../product/product-texts-fields';
import { PRODUCT_TEXT_FIELDS, type ProductTextField } from '../product/product-text-fields';
import { BandwidthField, BillingPeriodField, StorageTypeField } from '../product/product-offer-fields';
import { TRANSLATED_LANGUAGES } from '../../../../../shared/catalog/catalogue-texts';
import { DeliverySection } from '../product/delivery/delivery-section';
import {
  deliveryFormSchema,
  deliveryFormValuesOf,
  type DeliveryFormValues,
  type DeliveryPayload,
} from '../product/delivery/delivery-form-values';
import { setDeliveryServerErrors } from '../product/delivery/delivery-server-errors';

interface Props {
  product: AdminProductDto;
  onSaved: (product: AdminProductDto) => void;
  onClose: () => void;
}

const PLACEMENT = ['category_id', 'subcategory_id', 'image'] as const;

/**
 * 'Modifier « {name} »': name and description in the four languages, price in euros, stock, billing
 * period, storage type and bandwidth (issue 34), place and the delivery section (issue 31) in a modal dialog. Only the changes are sent; the delivery section, when changed, whole.
 */
export function ProductEditDialog({ product, onSaved, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const api = useStaffApi();
  const form = useForm({ resolver: zodResolver(productEditSchema(product)), defaultValues: editValuesOf(product) });
  const deliveryForm = useForm<DeliveryFormValues, unknown, DeliveryPayload>({
    resolver: zodResolver(deliveryFormSchema),
    defaultValues: deliveryFormValuesOf(product),
  });
  const {
    register,
    formState: { errors },
  } = form;
  // Set while the call is out (not while the checks run: a disabled field could not take the focus).
  const [busy, setBusy] = useState(false);
  const placement = useWatch({ control: form.control, name: PLACEMENT });
  const translatedNames = useWatch({ control: form.control, name: ['name_nl', 'name_en', 'name_pl'] });
  const fallingBack = TRANSLATED_LANGUAGES.filter((_lng, i) => !translatedNames[i]?.trim());
  const [error, setError] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = `product-edit-title-${product.id}`;
  const { categories, failed: categoriesFailed } = useStaffCategories();

  // Modal: the list behind is inert and Escape closes it; the focus starts on the name and goes
  // back to the row's 'Modifier' button afterwards.
  useEffect(() => {
    const dialog = dialogRef.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    form.setFocus('name');
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [form]);

  // Read while rendering: the library then follows whether the section differs from the saved one.
  const deliveryChanged = deliveryForm.formState.isDirty;
  /** The delivery section when staff changed it (checked by its schema; its first error focused), else nothing to send. */
  const changedDelivery = () =>
    new Promise<DeliveryPayload | 'invalid' | null>((resolve) => {
      if (!deliveryChanged) return resolve(null);
      void deliveryForm.handleSubmit(resolve, () => resolve('invalid'))();
    });

  const submit = form.handleSubmit(
    async (body) => {
      const delivery = await changedDelivery();
      if (delivery === 'invalid') {
        setError(t('staff.delivery.invalid'));
        return;
      }
      if (!body && !delivery) {
        setError(t('staff.products.nothingChanged'));
        return;
      }
      setError(null);
      setBusy(true);
      try {
        const changes = { ...body, ...delivery };
        const answer = await api.call(staffProductsApi.update, { params: { id: String(product.id) }, body: changes });
        onSaved(answer.product);
      } catch (failure) {
        // The fields open again before the first one refused takes the focus.
        flushSync(() => setBusy(false));
        const productRefused = setServerFieldErrors(form, failure, i18n, {
          fallback: 'staff.product.invalid',
          shownAt: EDIT_SERVER_FIELDS,
        });
        if (!productRefused && setDeliveryServerErrors(deliveryForm, failure, i18n)) {
          setError(t('staff.delivery.invalid'));
          return;
        }
        setError(failure instanceof ApiError && failure.status === 404 ? t('staff.products.notFound') : t('staff.products.actionError'));
      }
    },
    () => setError(null),
  );

  const invalid = (name: ProductEditField) => Boolean(errors[name]);
  // Registered first, in page order: the first field in error takes the focus.
  const textControls = Object.fromEntries(PRODUCT_TEXT_FIELDS.map((name) => [name, register(name)])) as Record<
    ProductTextField,
    UseFormRegisterReturn
  >;
  const field = (name: ProductEditField) => ({
    id: `product-edit-${name}`,
    'aria-invalid': invalid(name) || undefined,
    'aria-describedby': invalid(name) ? `product-edit-${name}-error` : name === 'price' ? 'product-edit-price-hint' : undefined,
    ...register(name),
  });
  const fieldError = (name: ProductEditField) =>
    invalid(name) && (
      <p id={`product-edit-${name}-error`} className="field__error">
        {errorText(t, errors[name])}
      </p>
    );
  // The three placement controls share one message, shown once under them.
  const placementError = errorText(t, PLACEMENT.map((name) => errors[name]).find(Boolean));

  return (
    <dialog ref={dialogRef} className="vps-picker product-edit" aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className="staff-panel__subtitle">
          {t('staff.products.editTitle', { name: product.name })}
        </h2>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <ProductTextsFields
          idPrefix="product-edit"
          controls={textControls}
          errorOf={(name) => errorText(t, errors[name])}
          fallingBack={fallingBack}
          invalidLanguage={TRANSLATED_LANGUAGES.find((lng) => invalid(`name_${lng}`) || invalid(`description_${lng}`))}
          disabled={busy}
        />
        <div className={invalid('price') ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor="product-edit-price">
            {t('staff.products.priceLabel')}
          </label>
          <input className="input" inputMode="decimal" autoComplete="off" {...field('price')} />
          <p id="product-edit-price-hint" className="field__hint">
            {t('staff.products.priceHint')}
          </p>
          {fieldError('price')}
        </div>
        <div className={invalid('stock') ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor="product-edit-stock">
            {t('staff.products.stockLabel')}
          </label>
          <input className="input" inputMode="numeric" autoComplete="off" {...field('stock')} />
          {fieldError('stock')}
        </div>
        <BillingPeriodField
          id="product-edit-billing_months"
          control={register('billing_months')}
          disabled={busy}
          error={errorText(t, errors.billing_months)}
        />
        <StorageTypeField
          id="product-edit-storage_type"
          control={register('storage_type')}
          emptyLabel={t('staff.products.storageTypeNone')}
          disabled={busy}
          error={errorText(t, errors.storage_type)}
        />
        <BandwidthField
          id="product-edit-bandwidth"
          control={register('bandwidth')}
          disabled={busy}
          error={errorText(t, errors.bandwidth)}
        />
        {categoriesFailed && <FormAlert tone="error">{t('staff.product.categoriesError')}</FormAlert>}
        <PlacementFields
          idPrefix="product-edit"
          values={{ category_id: placement[0], subcategory_id: placement[1], image: placement[2] }}
          controls={{
            // Another category has other subcategories: that choice starts again.
            category_id: register('category_id', { onChange: () => form.setValue('subcategory_id', '') }),
            subcategory_id: register('subcategory_id'),
            image: register('image'),
          }}
          categories={categories}
          invalid={PLACEMENT.filter(invalid)}
          errorText={placementError}
          errorAt="product-edit-placement-error"
          disabled={busy}
        />
        {placementError && (
          <p id="product-edit-placement-error" className="field__error">
            {placementError}
          </p>
        )}
        <div className="product-form product-edit__delivery">
          <DeliverySection form={deliveryForm} disabled={busy} />
        </div>
        <div className="product-edit__actions">
          <button type="button" className="button button--secondary" onClick={() => dialogRef.current?.close()}>
            {t('staff.products.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('staff.products.saving') : t('staff.products.save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffProductsApi } from '../../../../../shared/contract/staff-products';
import type { AdminProductDto } from '../../../../../shared/schemas/staff/products';
import { ApiError } from '../../../api/client';
import { FormAlert } from '../../../ui/form-alert';
import { PlacementFields, type PlacementField } from '../product/placement-fields';
import { useStaffCategories } from '../product/use-staff-categories';
import { useStaffApi } from '../use-staff-api';
import { checkProductEdit, editValuesOf, type ProductEditField, type ProductEditValues } from './product-edit-values';

interface Props {
  product: AdminProductDto;
  onSaved: (product: AdminProductDto) => void;
  onClose: () => void;
}

const ERROR_KEYS: Record<ProductEditField, string> = {
  name: 'staff.products.nameInvalid',
  price: 'staff.products.priceInvalid',
  stock: 'staff.products.stockInvalid',
  description: 'staff.products.actionError',
  category_id: 'staff.product.placementRequired',
  subcategory_id: 'staff.product.placementRequired',
  image: 'staff.product.placementRequired',
};

/** 'Modifier « {name} »': name, price in euros, stock and description in a modal dialog (only the changes are sent). */
export function ProductEditDialog({ product, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const [values, setValues] = useState<ProductEditValues>(() => editValuesOf(product));
  const [invalid, setInvalid] = useState<ProductEditField[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const titleId = `product-edit-title-${product.id}`;
  const { categories, failed: categoriesFailed } = useStaffCategories();

  // Modal: the list behind is inert and Escape closes it; the focus starts on the name and goes
  // back to the row's 'Modifier' button afterwards.
  useEffect(() => {
    const dialog = dialogRef.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    firstField.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const change = (field: ProductEditField, value: string) => setValues((now) => ({ ...now, [field]: value }));
  // Another category has other subcategories: that choice starts again.
  const place = (field: PlacementField, value: string) =>
    setValues((now) => (field === 'category_id' ? { ...now, category_id: value, subcategory_id: '' } : { ...now, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const check = checkProductEdit(product, values);
    if (!check.ok) {
      setInvalid(check.invalid);
      setError(check.nothingChanged ? t('staff.products.nothingChanged') : null);
      if (check.invalid[0]) document.getElementById(`product-edit-${check.invalid[0]}`)?.focus();
      return;
    }
    setInvalid([]);
    setError(null);
    setBusy(true);
    try {
      const answer = await api.call(staffProductsApi.update, { params: { id: String(product.id) }, body: check.body });
      onSaved(answer.product);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 404 ? t('staff.products.notFound') : t('staff.products.actionError'));
      setBusy(false);
    }
  }

  const field = (name: ProductEditField) => ({
    id: `product-edit-${name}`,
    value: values[name],
    'aria-invalid': invalid.includes(name) || undefined,
    'aria-describedby': invalid.includes(name) ? `product-edit-${name}-error` : name === 'price' ? 'product-edit-price-hint' : undefined,
  });
  const fieldError = (name: ProductEditField) =>
    invalid.includes(name) && (
      <p id={`product-edit-${name}-error`} className="field__error">
        {t(ERROR_KEYS[name])}
      </p>
    );

  return (
    <dialog ref={dialogRef} className="vps-picker product-edit" aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className="staff-panel__subtitle">
          {t('staff.products.editTitle', { name: product.name })}
        </h2>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <div className={invalid.includes('name') ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor="product-edit-name">
            {t('staff.products.nameLabel')}
          </label>
          <input
            ref={firstField}
            className="input"
            autoComplete="off"
            maxLength={200}
            {...field('name')}
            onChange={(e) => change('name', e.target.value)}
          />
          {fieldError('name')}
        </div>
        <div className={invalid.includes('price') ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor="product-edit-price">
            {t('staff.products.priceLabel')}
          </label>
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            {...field('price')}
            onChange={(e) => change('price', e.target.value)}
          />
          <p id="product-edit-price-hint" className="field__hint">
            {t('staff.products.priceHint')}
          </p>
          {fieldError('price')}
        </div>
        <div className={invalid.includes('stock') ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor="product-edit-stock">
            {t('staff.products.stockLabel')}
          </label>
          <input
            className="input"
            inputMode="numeric"
            autoComplete="off"
            {...field('stock')}
            onChange={(e) => change('stock', e.target.value)}
          />
          {fieldError('stock')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="product-edit-description">
            {t('staff.products.descriptionLabel')}
          </label>
          <textarea
            className="input product-edit__description"
            rows={4}
            maxLength={5000}
            {...field('description')}
            onChange={(e) => change('description', e.target.value)}
          />
        </div>
        {categoriesFailed && <FormAlert tone="error">{t('staff.product.categoriesError')}</FormAlert>}
        <PlacementFields
          idPrefix="product-edit"
          values={values}
          categories={categories}
          invalid={invalid}
          errorText={invalid.includes('subcategory_id') ? t(ERROR_KEYS.subcategory_id) : undefined}
          errorAt="product-edit-placement-error"
          disabled={busy}
          onChange={place}
        />
        {invalid.includes('subcategory_id') && (
          <p id="product-edit-placement-error" className="field__error">
            {t(ERROR_KEYS.subcategory_id)}
          </p>
        )}
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

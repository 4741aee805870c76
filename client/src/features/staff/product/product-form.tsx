import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffProductsApi } from '../../../../../shared/contract/staff-products';
import { FormAlert } from '../../../ui/form-alert';
import { SubmitButton } from '../../../ui/submit-button';
import { useStaff } from '../staff-context';
import { adminTokenStillStored } from '../staff-storage';
import { useStaffApi } from '../use-staff-api';
import { ProductFieldsets } from './product-fieldsets';
import { defaultProductImage, type ProductImage } from '../../../../../shared/catalog/product-images';
import { checkProductForm, EMPTY_PRODUCT_FORM, type ProductField, type ProductFormValues } from './product-form-values';
import { productRefusal } from './product-refusal';
import { useStaffCategories } from './use-staff-categories';
import '../../../styles/staff-form.css';

type Outcome = { tone: 'error'; text: string } | { tone: 'success'; text: string } | null;

/** Category 6: 'Créer un nouveau produit' (spec §2 "Product creation form", §5, §8). */
export function ProductForm() {
  const { t } = useTranslation();
  const { adminToken } = useStaff();
  const api = useStaffApi();
  const [values, setValues] = useState<ProductFormValues>(EMPTY_PRODUCT_FORM);
  const [invalid, setInvalid] = useState<ProductField[]>([]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const { categories, failed: categoriesFailed } = useStaffCategories();
  // Until the admin picks an image, it follows the category (the illustration of that category).
  const imagePicked = useRef(false);

  // The message sits above four cards, far from the button on a phone: after each attempt the focus
  // goes to the first field to correct, or to the message itself, so it is seen and read out.
  useEffect(() => {
    if (!outcome) return;
    const field = invalid[0] ? document.getElementById(`product-${invalid[0]}`) : null;
    (field ?? outcomeRef.current)?.focus();
  }, [outcome, invalid]);

  const change = (field: ProductField, value: string) =>
    setValues((current) => {
      if (field === 'image') imagePicked.current = true;
      if (field !== 'category_id') return { ...current, [field]: value };
      // Another category: its subcategories differ, so the choice starts again.
      const name = categories.find((c) => String(c.id) === value)?.name;
      const image: ProductImage | '' = imagePicked.current ? current.image : name ? defaultProductImage(name) : '';
      return { ...current, category_id: value, subcategory_id: '', image };
    });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Spec §5: a token is needed. The page opens with one, but another tab may have logged out since.
    if (!adminToken || !adminTokenStillStored()) {
      setOutcome({ tone: 'error', text: t('staff.product.loginNeeded') });
      return;
    }
    const check = checkProductForm(values);
    if (!check.ok) {
      setInvalid(check.fields);
      setOutcome({ tone: 'error', text: t(check.messageKey) });
      return;
    }
    setInvalid([]);
    setOutcome(null);
    setBusy(true);
    try {
      const { productId } = await api.call(staffProductsApi.create, { body: check.payload });
      setValues(EMPTY_PRODUCT_FORM); // spec §5: on success the form is cleared
      imagePicked.current = false;
      setOutcome({ tone: 'success', text: t('staff.product.created', { productId }) });
    } catch (error) {
      // Spec §8: what the server refused, in the staff member's language, or 'Erreur serveur'.
      const refusal = productRefusal(error, Object.keys(EMPTY_PRODUCT_FORM));
      setInvalid(refusal.fields);
      setOutcome({ tone: 'error', text: t(refusal.messageKey) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-panel" aria-labelledby="staff-product-title">
      <h1 id="staff-product-title" className="staff-panel__title">
        {t('staff.product.title')}
      </h1>
      <form className="product-form" onSubmit={onSubmit} noValidate aria-describedby={outcome ? 'product-form-outcome' : undefined}>
        <div ref={outcomeRef} tabIndex={-1} className="product-form__outcome">
          {outcome && (
            <FormAlert tone={outcome.tone} id="product-form-outcome">
              {outcome.text}
            </FormAlert>
          )}
        </div>
        {categoriesFailed && <FormAlert tone="error">{t('staff.product.categoriesError')}</FormAlert>}
        <ProductFieldsets
          values={values}
          categories={categories}
          invalid={invalid}
          errorText={outcome?.tone === 'error' ? outcome.text : undefined}
          errorAt="product-form-outcome"
          disabled={busy}
          onChange={change}
        />
        <div className="product-form__actions">
          <SubmitButton busy={busy} busyLabel={t('staff.product.busy')} className="product-form__submit">
            {t('staff.product.submit')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { staffProductsApi } from '../../../../../shared/contract/staff-products';
import { FormAlert } from '../../../ui/form-alert';
import { setServerFieldErrors } from '../../../ui/forms/server-field-errors';
import { SubmitButton } from '../../../ui/submit-button';
import { useStaff } from '../staff-context';
import { adminTokenStillStored } from '../staff-storage';
import { useStaffApi } from '../use-staff-api';
import { ProductFieldsets } from './product-fieldsets';
import { defaultProductImage } from '../../../../../shared/catalog/product-images';
import type { CreateProductInput } from '../../../../../shared/schemas/staff/products';
import { EMPTY_PRODUCT_FORM, productFormSchema, SERVER_MONEY_FIELDS, type ProductField } from './product-form-values';
import { productRefusal } from './product-refusal';
import { useStaffCategories } from './use-staff-categories';
import { TRANSLATED_LANGUAGES } from '../../../../../shared/catalog/catalogue-texts';
import { DeliverySection } from './delivery/delivery-section';
import { deliveryFormSchema, EMPTY_DELIVERY_FORM, type DeliveryFormValues, type DeliveryPayload } from './delivery/delivery-form-values';
import { setDeliveryServerErrors } from './delivery/delivery-server-errors';
import '../../../styles/staff-form.css';

/** `fieldFocused`: a field of the delivery section took the focus; the message must not take it back. */
type Outcome = { tone: 'error'; text: string; fieldFocused?: true } | { tone: 'success'; text: string } | null;

/** The fields in page order: the first one in error names the form's message. */
const FIELDS = Object.keys(EMPTY_PRODUCT_FORM) as ProductField[];

/** Category 6: 'Créer un nouveau produit' (spec §2 "Product creation form", §5, §8). */
export function ProductForm() {
  const { t, i18n } = useTranslation();
  const { adminToken } = useStaff();
  const api = useStaffApi();
  const form = useForm({ resolver: zodResolver(productFormSchema), defaultValues: EMPTY_PRODUCT_FORM });
  // "Livraison" (issue 31): its own form on the shared delivery schemas, sent with the product.
  const deliveryForm = useForm<DeliveryFormValues, unknown, DeliveryPayload>({
    resolver: zodResolver(deliveryFormSchema),
    defaultValues: EMPTY_DELIVERY_FORM,
  });
  const {
    formState: { errors },
  } = form;
  // Set while the call is out (not while the checks run: a disabled field could not take the focus).
  const [busy, setBusy] = useState(false);
  const placement = useWatch({ control: form.control, name: ['category_id', 'subcategory_id', 'image'] });
  const translatedNames = useWatch({ control: form.control, name: ['name_nl', 'name_en', 'name_pl'] });
  const fallingBack = TRANSLATED_LANGUAGES.filter((_lng, i) => !translatedNames[i]?.trim());
  // A message the form's checks do not give: success, the token gone, the server's refusal.
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const { categories, failed: categoriesFailed } = useStaffCategories();
  // Until the admin picks an image, it follows the category (the illustration of that category).
  const imagePicked = useRef(false);

  // Each check marks its fields with one message (e.g. name and slug): the form shows it once, above
  // the cards, and the marked fields point to it. The library focuses the first of them.
  const invalid = FIELDS.filter((field) => errors[field]);
  const checkMessage = invalid[0] && errors[invalid[0]]?.message;
  const message: Outcome = outcome ?? (checkMessage ? { tone: 'error', text: t(checkMessage) } : null);

  // The message sits above four cards, far from the button on a phone: when no field is to correct
  // (created, logged out, refused), the focus goes to the message itself, so it is seen and read out.
  useEffect(() => {
    if (outcome && invalid.length === 0 && !('fieldFocused' in outcome)) outcomeRef.current?.focus();
    // Only a new outcome moves the focus, not the fields being corrected.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome]);

  // Another category: its subcategories differ, so the choice starts again.
  const onCategoryChange = (categoryId: string) => {
    form.setValue('subcategory_id', '');
    if (imagePicked.current) return;
    const name = categories.find((c) => String(c.id) === categoryId)?.name;
    form.setValue('image', name ? defaultProductImage(name) : '');
  };

  const create = async (payload: CreateProductInput & DeliveryPayload) => {
    setBusy(true);
    try {
      const { productId } = await api.call(staffProductsApi.create, { body: payload });
      form.reset(EMPTY_PRODUCT_FORM); // spec §5: on success the form is cleared
      deliveryForm.reset(EMPTY_DELIVERY_FORM);
      imagePicked.current = false;
      setOutcome({ tone: 'success', text: t('staff.product.created', { productId }) });
    } catch (error) {
      // The fields open again before the first one refused takes the focus.
      flushSync(() => setBusy(false));
      const productRefused = setServerFieldErrors(form, error, i18n, { fallback: 'staff.product.invalid', shownAt: SERVER_MONEY_FIELDS });
      // Only the delivery section refused (the panel checks its settings): its first field takes the focus.
      if (!productRefused && setDeliveryServerErrors(deliveryForm, error, i18n)) {
        setOutcome({ tone: 'error', text: t('staff.delivery.invalid'), fieldFocused: true });
        return;
      }
      // Spec §8: what the server refused, in the staff member's language (never its English
      // message), or 'Erreur serveur'. A refusal by code (slug taken) marks its field too.
      const refusal = productRefusal(error, FIELDS);
      const unmarked = refusal.fields.filter((field) => !form.getFieldState(field).error);
      unmarked.forEach((field, i) => form.setError(field, { message: refusal.messageKey }, { shouldFocus: i === 0 }));
      setOutcome({ tone: 'error', text: t(refusal.messageKey) });
    } finally {
      setBusy(false);
    }
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Spec §5: a token is needed. The page opens with one, but another tab may have logged out since.
    if (!adminToken || !adminTokenStillStored()) {
      setOutcome({ tone: 'error', text: t('staff.product.loginNeeded') });
      return;
    }
    setOutcome(null);
    // The product's cards first (their first error takes the focus), then the delivery's.
    void form.handleSubmit((product) =>
      deliveryForm.handleSubmit(
        (delivery) => create({ ...product, ...delivery }),
        () => setOutcome({ tone: 'error', text: t('staff.delivery.invalid'), fieldFocused: true }),
      )(),
    )(event);
  }

  return (
    <section className="staff-panel" aria-labelledby="staff-product-title">
      <h1 id="staff-product-title" className="staff-panel__title">
        {t('staff.product.title')}
      </h1>
      <form className="product-form" onSubmit={onSubmit} noValidate aria-describedby={message ? 'product-form-outcome' : undefined}>
        <div ref={outcomeRef} tabIndex={-1} className="product-form__outcome">
          {message && (
            <FormAlert tone={message.tone} id="product-form-outcome">
              {message.text}
            </FormAlert>
          )}
        </div>
        {categoriesFailed && <FormAlert tone="error">{t('staff.product.categoriesError')}</FormAlert>}
        <ProductFieldsets
          placement={{ category_id: placement[0], subcategory_id: placement[1], image: placement[2] }}
          register={form.register}
          onCategoryChange={onCategoryChange}
          onImagePicked={() => (imagePicked.current = true)}
          categories={categories}
          invalid={invalid}
          fallingBack={fallingBack}
          errorText={message?.tone === 'error' ? message.text : undefined}
          errorAt="product-form-outcome"
          disabled={busy}
        />
        <DeliverySection form={deliveryForm} disabled={busy} />
        <div className="product-form__actions">
          <SubmitButton busy={busy} busyLabel={t('staff.product.busy')} className="product-form__submit">
            {t('staff.product.submit')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useCart } from '../../app/cart/cart-context';
import { useSession } from '../../app/session/use-session';
import { FormAlert } from '../../ui/form-alert';
import { SubmitButton } from '../../ui/submit-button';
import { useLanguage } from '../../ui/use-language';
import { CheckoutFailureAlert } from '../../app/checkout/failure-alert';
import { saveCheckoutDraft, takeCheckoutDraft } from './checkout-draft';
import { CART_PAYMENT_METHODS, type CartPaymentMethod } from './payment-method';
import { PaymentMethodChoice } from './payment-method-choice';
import { useStartPayment } from './use-start-payment';
import '../../styles/checkout.css';

const NEW_TAB_NOTE = 'checkout-new-tab';

/** Paying needs both legal boxes ticked (spec §5); the method is one of those offered. */
const checkoutSchema = z.object({
  terms: z.boolean().refine(Boolean, 'cart.mustAccept'),
  privacy: z.boolean().refine(Boolean, 'cart.mustAccept'),
  method: z.enum(CART_PAYMENT_METHODS),
});

/**
 * The two legal checkboxes, the payment method and the pay button (spec §5): paying needs both
 * boxes. Without a session the visitor logs in first and comes back to the cart (spec §4).
 * taxRate: the customer's VAT override (0 under EU reverse charge), so the total sent is the one shown;
 * vatPending: that treatment is still being checked, paying waits for it.
 */
export function CheckoutForm({ taxRate = null, vatPending = false }: { taxRate?: number | null; vatPending?: boolean } = {}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const { user } = useSession();
  const { lines } = useCart();
  // Back from the login it sent the visitor to: the boxes and the method as they were left.
  const [draft] = useState(takeCheckoutDraft);
  const form = useForm({ resolver: zodResolver(checkoutSchema), defaultValues: draft });
  const { errors } = form.formState;
  const [terms, privacy, method] = useWatch({ control: form.control, name: ['terms', 'privacy', 'method'] });
  const payment = useStartPayment(lines, taxRate);
  const accepted = terms && privacy;

  const onSubmit = form.handleSubmit((choices) => {
    if (!user) {
      saveCheckoutDraft(choices);
      navigate(`/${lng}/login`, { state: { fromInside: true, from: `/${lng}/Cart` } });
    } else void payment.start(choices.method, user);
  });

  function choose(next: CartPaymentMethod) {
    form.setValue('method', next);
    payment.clearFailure(); // the message was about the other method
  }

  return (
    <form className="checkout-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={payment.busy || undefined}>
      <LegalCheckbox id="accept-terms" control={form.register('terms')}>
        <Trans i18nKey="cart.acceptTerms" components={{ doc: newTabLink(`/${lng}/conditions-generales`) }} />
      </LegalCheckbox>
      <LegalCheckbox id="accept-privacy" control={form.register('privacy')}>
        <Trans i18nKey="cart.acceptPrivacy" components={{ doc: newTabLink(`/${lng}/politique-confidentialite`) }} />
      </LegalCheckbox>
      <p id={NEW_TAB_NOTE} className="visually-hidden">
        {t('cart.newTab')}
      </p>
      <PaymentMethodChoice value={method} onChange={choose} disabled={payment.busy} />
      {(errors.terms || errors.privacy) && !accepted && <FormAlert tone="error">{t('cart.mustAccept')}</FormAlert>}
      {payment.failure && <CheckoutFailureAlert messageKey={payment.failure} />}
      <SubmitButton
        className="button--large"
        busy={payment.busy}
        busyLabel={t('cart.paying')}
        disabled={!accepted || vatPending}
        aria-describedby={accepted ? undefined : 'checkout-hint'}
      >
        {t('cart.pay')}
      </SubmitButton>
      {!accepted && (
        <p id="checkout-hint" className="checkout-form__hint">
          {t('cart.payHint')}
        </p>
      )}
    </form>
  );
}

function LegalCheckbox({ id, control, children }: { id: string; control: UseFormRegisterReturn; children: ReactNode }) {
  return (
    <div className="checkbox-field">
      <input id={id} type="checkbox" {...control} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}

/**
 * Trans fills in the link text (the tag is <doc>: a <link> tag would be read as the void HTML element).
 * The shared note says the link opens a new tab.
 */
function newTabLink(href: string) {
  return <a href={href} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_NOTE} />;
}

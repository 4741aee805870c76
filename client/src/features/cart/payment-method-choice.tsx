import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../ui/translation-key';
import { CART_PAYMENT_METHODS, type CartPaymentMethod } from './payment-method';

const TEXTS: Record<CartPaymentMethod, { label: TranslationKey; hint: TranslationKey }> = {
  card: { label: 'cart.method.card', hint: 'cart.method.cardHint' },
  paypal: { label: 'cart.method.paypal', hint: 'cart.method.paypalHint' },
  bank_transfer: { label: 'cart.method.bank', hint: 'cart.method.bankHint' },
};

interface Props {
  value: CartPaymentMethod;
  onChange: (method: CartPaymentMethod) => void;
  disabled?: boolean;
}

/** Card, PayPal or bank transfer: native radios in a fieldset, so arrows and screen readers work as usual. */
export function PaymentMethodChoice({ value, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="pay-methods" disabled={disabled}>
      <legend className="pay-methods__legend">{t('cart.method.legend')}</legend>
      {CART_PAYMENT_METHODS.map((method) => (
        <label key={method} className="pay-method">
          <input
            type="radio"
            name="payment-method"
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
            // The whole row is the click target; the name is the method, the hint its description.
            aria-labelledby={`pay-method-${method}-label`}
            aria-describedby={`pay-method-${method}-hint`}
          />
          <span className="pay-method__text">
            <span id={`pay-method-${method}-label`} className="pay-method__label">
              {t(TEXTS[method].label)}
            </span>
            <span id={`pay-method-${method}-hint`} className="pay-method__hint">
              {t(TEXTS[method].hint)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

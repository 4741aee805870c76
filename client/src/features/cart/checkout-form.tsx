import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/use-session';
import { FormAlert } from '../../ui/form-alert';
import { useLanguage } from '../../ui/use-language';

const NEW_TAB_NOTE = 'checkout-new-tab';

/**
 * The two legal checkboxes and the pay button (spec §5): paying needs both. Without a session the
 * visitor logs in first and comes back to the cart (spec §4).
 */
export function CheckoutForm() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const { user } = useSession();
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [refused, setRefused] = useState(false);
  const accepted = terms && privacy;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!accepted) {
      setRefused(true);
      return;
    }
    if (!user) navigate(`/${lng}/login`, { state: { fromInside: true, from: `/${lng}/Cart` } });
    else navigate(`/${lng}/payment`);
  }

  return (
    <form className="checkout-form" onSubmit={onSubmit} noValidate>
      <LegalCheckbox id="accept-terms" checked={terms} onChange={setTerms}>
        <Trans i18nKey="cart.acceptTerms" components={{ doc: newTabLink(`/${lng}/conditions-generales`) }} />
      </LegalCheckbox>
      <LegalCheckbox id="accept-privacy" checked={privacy} onChange={setPrivacy}>
        <Trans i18nKey="cart.acceptPrivacy" components={{ doc: newTabLink(`/${lng}/politique-confidentialite`) }} />
      </LegalCheckbox>
      <p id={NEW_TAB_NOTE} className="visually-hidden">
        {t('cart.newTab')}
      </p>
      {refused && !accepted && <FormAlert tone="error">{t('cart.mustAccept')}</FormAlert>}
      <button
        type="submit"
        className="button button--primary button--block button--large"
        disabled={!accepted}
        aria-describedby={accepted ? undefined : 'checkout-hint'}
      >
        {t('cart.pay')}
      </button>
      {!accepted && (
        <p id="checkout-hint" className="checkout-form__hint">
          {t('cart.payHint')}
        </p>
      )}
    </form>
  );
}

function LegalCheckbox({
  id,
  checked,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="checkbox-field">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
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

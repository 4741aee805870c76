import { Link } from 'react-router-dom';
import { Trans } from 'react-i18next';
import { FormAlert } from '../../ui/form-alert';
import { useLanguage } from '../../ui/use-language';

/** A failed payment call, with the way out where there is one (confirm the e-mail, pay from the panel). */
export function CheckoutFailureAlert({ messageKey, id }: { messageKey: string; id?: string }) {
  const lng = useLanguage();
  return (
    <FormAlert tone="error" id={id}>
      <Trans
        i18nKey={messageKey}
        components={{ verify: <Link to={`/${lng}/verify-email`} />, panel: <Link to={`/${lng}/PanelCLient`} /> }}
      />
    </FormAlert>
  );
}

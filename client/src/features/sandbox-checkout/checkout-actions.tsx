import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SandboxCheckoutDto } from '../../../../shared/schemas/checkout';
import { ApiError } from '../../api/client';
import { FormAlert } from '../../ui/form-alert';
import { finishSandboxCheckout, type SandboxAction } from './sandbox-api';

interface Props {
  checkout: SandboxCheckoutDto;
  /** The amount, formatted, for the Pay button. */
  amount: string;
  /** Pay or Cancel found the checkout closed (another tab): read it again to show its state. */
  onClosed: () => void;
}

/** Pay and Cancel, as on the provider's page: each answers where to send the customer. */
export function CheckoutActions({ checkout, amount, onClosed }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<SandboxAction | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  async function finish(action: SandboxAction) {
    if (busy) return;
    setBusy(action);
    setErrorKey(null);
    try {
      const redirectUrl = await finishSandboxCheckout(checkout.id, action);
      // The buttons stay disabled: the page is being left.
      window.location.assign(redirectUrl);
    } catch (error) {
      setBusy(null);
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return onClosed();
      const network = error instanceof ApiError && error.status === 0;
      setErrorKey(network ? 'sandboxCheckout.errornetwork' : 'sandboxCheckout.errorfinish');
    }
  }

  return (
    <div className="sandbox-actions">
      {errorKey && <FormAlert tone="error">{t(errorKey)}</FormAlert>}
      <button
        type="button"
        className="button button--primary button--block button--large"
        disabled={busy !== null}
        aria-busy={busy === 'pay' || undefined}
        onClick={() => void finish('pay')}
      >
        {busy === 'pay' && <span className="spinner" aria-hidden="true" />}
        {busy === 'pay' ? t('sandboxCheckout.paying') : t('sandboxCheckout.pay', { amount })}
      </button>
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={busy !== null}
        aria-busy={busy === 'cancel' || undefined}
        onClick={() => void finish('cancel')}
      >
        {busy === 'cancel' && <span className="spinner" aria-hidden="true" />}
        {busy === 'cancel' ? t('sandboxCheckout.cancelling') : t('sandboxCheckout.cancel')}
      </button>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SandboxCheckoutDto } from '../../../../shared/schemas/checkout';
import { FormAlert } from '../../ui/form-alert';
import { useLanguage } from '../../ui/use-language';

/** A checkout already paid or cancelled: say so, and point to the panel where the order lives. */
export function ClosedCheckout({ status }: { status: Exclude<SandboxCheckoutDto['status'], 'open'> }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const paid = status === 'paid';
  return (
    <div className="sandbox-actions">
      <FormAlert tone={paid ? 'success' : 'info'}>
        <strong className="sandbox-closed__title">{t(paid ? 'sandboxCheckout.paidTitle' : 'sandboxCheckout.cancelledTitle')}</strong>
        {t(paid ? 'sandboxCheckout.paid' : 'sandboxCheckout.cancelled')}
      </FormAlert>
      <Link className="button button--primary button--block" to={`/${lng}/PanelCLient?tab=factures`}>
        {t('sandboxCheckout.panelLink')}
      </Link>
    </div>
  );
}

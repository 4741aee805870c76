import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';

/** Bank transfer on the test page: an IBAN placeholder and the order's reference to copy (spec §2). */
export function TestBankChoice({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const reference = t('paymentteste.bank.referenceValue', { orderId });
  return (
    <div className="test-bank">
      <dl className="transfer-details">
        <div className="transfer-details__row">
          <dt>{t('paymentteste.bank.iban')}</dt>
          <dd>
            <span className="transfer-details__value">{t('paymentteste.bank.ibanPlaceholder')}</span>
          </dd>
        </div>
        <div className="transfer-details__row">
          <dt>{t('paymentteste.bank.reference')}</dt>
          <dd>
            <span className="transfer-details__value">{reference}</span>
            <CopyButton value={reference} label={reference} copiedText={t('paymentteste.bank.copied')} />
          </dd>
        </div>
      </dl>
      <p className="payment-card__hint">{t('paymentteste.bank.delay')}</p>
    </div>
  );
}

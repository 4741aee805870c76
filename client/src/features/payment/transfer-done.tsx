import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../ui/use-language';

/** Step 3: the transfer is announced; delivery follows once it arrives (1 to 2 working days, spec §9). */
export function TransferDone({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <div className="transfer-done">
      <svg className="transfer-done__icon" width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path d="m7 12.4 3.2 3.1L17 8.8" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 ref={headingRef} tabIndex={-1} className="payment-card__title">
        {t('payment.done.title')}
      </h2>
      <p>{t('payment.done.text')}</p>
      <p className="payment-card__hint">{t('payment.done.note')}</p>
      <div className="transfer-done__actions">
        <Link className="button button--primary" to={`/${lng}/PanelCLient`}>
          {t('payment.done.panel')}
        </Link>
        <Link className="button button--secondary" to={`/${lng}/`}>
          {t('payment.done.home')}
        </Link>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';

/** The strip that says, before anything else, that this is a simulation and no money moves. */
export function TestModeBanner() {
  const { t } = useTranslation();
  return (
    <div className="sandbox-banner" role="note">
      <div className="sandbox-banner__inner">
        <span className="sandbox-banner__badge">{t('sandboxCheckout.testBadge')}</span>
        <p className="sandbox-banner__text">{t('sandboxCheckout.testNotice')}</p>
      </div>
    </div>
  );
}

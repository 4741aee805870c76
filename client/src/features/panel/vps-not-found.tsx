import { useTranslation } from 'react-i18next';
import { VpsBackLink } from './vps-back-link';

/** ?vps= names a server the customer does not have (or no longer has). */
export function VpsNotFound({ vpsId }: { vpsId: number }) {
  const { t } = useTranslation();
  return (
    <div className="vps-detail">
      <VpsBackLink fromVpsId={vpsId} />
      <div className="panel-empty">
        <h2 className="panel-empty__title">{t('panel.vpsDetail.notFoundTitle')}</h2>
        <p className="panel-empty__text">{t('panel.vpsDetail.notFound')}</p>
      </div>
    </div>
  );
}

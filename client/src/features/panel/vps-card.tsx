import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { VpsDto } from '../../../../shared/schemas/vps';
import { useLanguage } from '../../ui/use-language';
import { formatDate } from './format-date';
import { PowerStatusBadge } from './power-status-badge';
import type { VpsFocus } from './use-vps-view';

export const vpsCardLinkId = (vpsId: number) => `vps-card-${vpsId}`;

/**
 * One server in the list, named by the product bought with the machine's size; the whole card opens
 * its detail (one link, stretched over the card).
 */
export function VpsCard({ vps, href }: { vps: VpsDto; href: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const info = vps.vps_info;
  const toDetail: VpsFocus = { focus: 'detail' };

  return (
    <li className={`vps-card${vps.state === 'suspended' ? ' vps-card--suspended' : ''}`}>
      <div className="vps-card__head">
        <h3 className="vps-card__title">
          <Link id={vpsCardLinkId(vps.vpsId)} className="vps-card__link" to={href} state={toDetail} preventScrollReset>
            <span className="vps-card__plan">{vps.product ?? info.plan}</span>
            <span className="vps-card__service">{vps.ovh_service_name}</span>
          </Link>
        </h3>
        <div className="vps-card__badges">
          <PowerStatusBadge status={info.status} />
          {vps.state === 'suspended' && <span className="vps-suspended-badge">{t('panel.vps.suspended')}</span>}
        </div>
      </div>
      <dl className="vps-card__facts">
        <div className="vps-card__fact">
          <dt>{t('panel.vps.specs')}</dt>
          <dd>{t('panel.vps.specsValue', { ram: info.specs.ram, cores: info.specs.cores, storage: info.specs.storage })}</dd>
        </div>
        <div className="vps-card__fact">
          <dt>{t('panel.vps.ip')}</dt>
          <dd className="vps-mono">{info.ip}</dd>
        </div>
        <div className="vps-card__fact">
          <dt>{t('panel.vps.os')}</dt>
          <dd>{info.os}</dd>
        </div>
        <div className="vps-card__fact">
          <dt>{t('panel.vps.region')}</dt>
          <dd>{info.region}</dd>
        </div>
        <div className="vps-card__fact">
          <dt>{t('panel.vps.expires')}</dt>
          <dd>{vps.expires_at ? <time dateTime={vps.expires_at}>{formatDate(vps.expires_at, lng)}</time> : t('panel.vps.noDate')}</dd>
        </div>
      </dl>
      <span className="vps-card__more" aria-hidden="true">
        {t('panel.vps.manage')}
        <svg width="16" height="16" viewBox="0 0 16 16" focusable="false">
          <path
            d="m6 3.5 4.5 4.5L6 12.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
    </li>
  );
}

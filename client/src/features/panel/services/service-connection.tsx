import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ServiceDto } from '../../../../../shared/schemas/services';
import { CopyValueButton } from '../copy-value-button';
import { useServiceView } from './use-service-view';

/**
 * How to reach it: a game server's `host:port` (what players type) or a VPS's IP, each with a copy
 * button; a VPS also leads to its own page (power, password). Nothing yet: when it will come.
 */
export function ServiceConnection({ service }: { service: ServiceDto }) {
  const { t } = useTranslation();
  const { vpsHref } = useServiceView();
  const { connection } = service;

  if (!connection) {
    if (service.status === 'terminated') return <span className="service-muted">{t('panel.services.connection.none')}</span>;
    return <span className="service-muted">{t('panel.services.connection.pending')}</span>;
  }
  const address = 'host' in connection ? `${connection.host}:${connection.port}` : connection.ip;
  const copyLabel = 'host' in connection ? t('panel.services.connection.copyAddress') : t('panel.services.connection.copyIp');
  return (
    <span className="service-connection">
      <span className="service-connection__value">
        <code className="vps-mono">{address}</code>
        <CopyValueButton value={address} label={copyLabel} />
      </span>
      {service.kind === 'vps' && service.vpsId !== null && service.status !== 'terminated' && (
        <Link className="service-connection__manage" to={vpsHref(service.vpsId)}>
          {t('panel.services.connection.manageVps')}
        </Link>
      )}
    </span>
  );
}

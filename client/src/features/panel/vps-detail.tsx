import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { VpsDto } from '../../../../shared/schemas/vps';
import { useVpsView } from './use-vps-view';
import { VpsAccess } from './vps-access';
import { VpsBackLink } from './vps-back-link';
import { VpsPowerPanel } from './vps-power-panel';
import { VpsSpecs } from './vps-specs';
import { VpsSubscription } from './vps-subscription';
import { VpsSuspendedBanner } from './vps-suspended-banner';
import { vpsName } from './vps-power';

interface Props {
  vps: VpsDto;
  stale: boolean;
  onDone: (vps: VpsDto) => void;
  onOutdated: () => void;
}

/** One server: its state and power actions, how to reach it, what it is, and its dates. */
export function VpsDetail({ vps, stale, onDone, onOutdated }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { focus } = useVpsView();
  const openedFromList = focus?.focus === 'detail';

  // Opened from a card: focus the title, so screen readers start here and Tab goes on from it.
  useEffect(() => {
    if (openedFromList) headingRef.current?.focus();
  }, [openedFromList]);

  return (
    <article className="vps-detail" aria-labelledby={headingId}>
      <VpsBackLink fromVpsId={vps.vpsId} />
      <header className="vps-detail__header">
        <h2 ref={headingRef} id={headingId} className="vps-detail__title" tabIndex={-1}>
          <span className="vps-detail__plan">{vps.product ?? vps.vps_info.plan}</span>
          <span className="vps-detail__service">{vps.ovh_service_name}</span>
        </h2>
        {vps.state === 'suspended' && <span className="vps-suspended-badge">{t('panel.vps.suspended')}</span>}
      </header>
      {stale && (
        <p className="panel-stale" role="status">
          {t('panel.vps.refreshFailed')}
        </p>
      )}
      {vps.state === 'suspended' && <VpsSuspendedBanner name={vpsName(vps)} />}
      <VpsPowerPanel vps={vps} onDone={onDone} onOutdated={onOutdated} />
      <div className="vps-detail__grid">
        <VpsAccess info={vps.vps_info} />
        <VpsSpecs info={vps.vps_info} product={vps.product} />
        <VpsSubscription vps={vps} />
      </div>
    </article>
  );
}

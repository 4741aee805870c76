import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { VpsDto } from '../../../../shared/schemas/vps';
import { useVpsView } from './use-vps-view';
import { VpsCard, vpsCardLinkId } from './vps-card';
import { vpsName } from './vps-power';
import { VpsSuspendedBanner } from './vps-suspended-banner';

/** The customer's servers as cards; suspended ones are announced above the list. */
export function VpsList({ list, stale }: { list: readonly VpsDto[]; stale: boolean }) {
  const { t } = useTranslation();
  const { focus, detailHref } = useVpsView();
  const returnTo = focus?.focus === 'card' ? focus.vpsId : null;

  // Back from a detail: focus lands on the card it came from, so keyboard users keep their place.
  useEffect(() => {
    if (returnTo !== null) document.getElementById(vpsCardLinkId(returnTo))?.focus();
  }, [returnTo]);

  return (
    <section className="vps-list-section" aria-labelledby="vps-list-title">
      <h2 id="vps-list-title" className="vps-list-section__title">
        {t('panel.vps.listTitle')}
      </h2>
      {stale && (
        <p className="panel-stale" role="status">
          {t('panel.vps.refreshFailed')}
        </p>
      )}
      {list
        .filter((vps) => vps.state === 'suspended')
        .map((vps) => (
          <VpsSuspendedBanner key={vps.vpsId} name={vpsName(vps)} />
        ))}
      {/* Keyed by id: a refresh updates cards in place, the page neither jumps nor flickers. */}
      <ul className="vps-list">
        {list.map((vps) => (
          <VpsCard key={vps.vpsId} vps={vps} href={detailHref(vps.vpsId)} />
        ))}
      </ul>
    </section>
  );
}

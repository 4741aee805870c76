import { lazy, Suspense } from 'react';
import type { ServiceDto } from '../../../../../../shared/schemas/services';
import '../../../../styles/vps-tools.css';
import { VpsConsole } from './vps-console';
import { VpsRootPassword } from './vps-root-password';
import { VpsSnapshot } from './vps-snapshot';

// The graphs bring uPlot: loaded only when a VPS's page opens.
const VpsMetrics = lazy(() => import('./vps-metrics'));

/** A running VPS's tools (issue 33): graphs, console, root password, snapshot. */
export function VpsTools({ service }: { service: ServiceDto }) {
  if (service.kind !== 'vps' || service.status !== 'active' || service.vpsId === null) return null;
  return (
    <>
      <Suspense fallback={null}>
        <VpsMetrics serviceId={service.id} />
      </Suspense>
      <VpsConsole serviceId={service.id} />
      <VpsRootPassword serviceId={service.id} />
      <VpsSnapshot serviceId={service.id} />
    </>
  );
}

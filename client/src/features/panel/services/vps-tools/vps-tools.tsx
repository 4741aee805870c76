import type { ServiceDto } from '../../../../../../shared/schemas/services';
import '../../../../styles/vps-tools.css';
import { VpsConsole } from './vps-console';
import { VpsMetrics } from './vps-metrics';
import { VpsRootPassword } from './vps-root-password';
import { VpsSnapshot } from './vps-snapshot';

/** A running VPS's tools (issue 33): graphs, console, root password, snapshot. */
export function VpsTools({ service }: { service: ServiceDto }) {
  if (service.kind !== 'vps' || service.status !== 'active' || service.vpsId === null) return null;
  return (
    <>
      <VpsMetrics serviceId={service.id} />
      <VpsConsole serviceId={service.id} />
      <VpsRootPassword serviceId={service.id} />
      <VpsSnapshot serviceId={service.id} />
    </>
  );
}

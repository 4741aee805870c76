import { systemClock } from '../../server/clock/clock';
import type { VpsOrdering } from '../../server/providers/cloud/ordering-types';
import type { GamePanelAdapter } from '../../server/providers/game-panel/types';
import type { DeliveryCloud } from '../../server/modules/services/delivery/vps.provisioner';

// The delivery bench's stopwatch on the providers: the adapters handed to the provisioners are
// wrapped so the first call that makes something at the provider is noted, on the system clock, per
// service (the panel's create carries our service id as its external id; an OVH order its
// reference) or per machine (a fleet call names the machine the service claimed). Production code
// is left as it is: only what the provisioners are given changes.

export interface ProviderCallTimes {
  /** Epoch ms of the first create call for the service, or of the first call on its machine. */
  firstCall(serviceId: number, machine: string | null): number | undefined;
  panel(inner: GamePanelAdapter): GamePanelAdapter;
  cloud(inner: DeliveryCloud): DeliveryCloud;
  ordering(inner: VpsOrdering): VpsOrdering;
}

const SERVICE_REFERENCE = /^service-(\d+)$/;

export function providerCallTimes(): ProviderCallTimes {
  const byService = new Map<number, number>();
  const byMachine = new Map<string, number>();
  const note = <K>(map: Map<K, number>, key: K) => {
    if (!map.has(key)) map.set(key, systemClock.now().getTime());
  };

  return {
    firstCall(serviceId, machine) {
      return byService.get(serviceId) ?? (machine === null ? undefined : byMachine.get(machine));
    },
    panel(inner) {
      return {
        ...inner,
        createServer(spec) {
          note(byService, Number(spec.externalId));
          return inner.createServer(spec);
        },
      };
    },
    // The claim is a database step; the first fleet call on the claimed machine follows it in the
    // same step: the rebuild when the chosen system differs, else the look at its install.
    cloud(inner) {
      return {
        rebuild(serviceName, image) {
          note(byMachine, serviceName);
          return inner.rebuild(serviceName, image);
        },
        installState(serviceName) {
          note(byMachine, serviceName);
          return inner.installState(serviceName);
        },
        getVps(serviceName) {
          note(byMachine, serviceName);
          return inner.getVps(serviceName);
        },
        act(serviceName, action) {
          note(byMachine, serviceName);
          return inner.act(serviceName, action);
        },
      };
    },
    ordering(inner) {
      return {
        ...inner,
        placeOrder(request) {
          const id = SERVICE_REFERENCE.exec(request.reference)?.[1];
          if (id !== undefined) note(byService, Number(id));
          return inner.placeOrder(request);
        },
      };
    },
  };
}

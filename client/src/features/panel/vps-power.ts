import type { PowerStatus, VpsAction, VpsDto } from '../../../../shared/schemas/vps';

/** The machine is between two states: the panel looks again every 2 s until it settles. */
export const TRANSITION_POLL_MS = 2_000;

const TRANSITIONS: readonly PowerStatus[] = ['starting', 'stopping', 'rebooting'];

export const isTransitioning = (status: PowerStatus) => TRANSITIONS.includes(status);

/** What each power state allows: start a stopped machine, stop or reboot a running one. */
const ACTIONS_BY_STATUS: Record<PowerStatus, readonly VpsAction[]> = {
  running: ['stop', 'reboot'],
  stopped: ['start'],
  starting: [],
  stopping: [],
  rebooting: [],
  unknown: [],
};

/** The actions that make sense now; none for a suspended server (the server would refuse). */
export function allowedActions(vps: VpsDto): readonly VpsAction[] {
  return vps.state === 'suspended' ? [] : ACTIONS_BY_STATUS[vps.vps_info.status];
}

/** These take the machine down: the customer confirms first. */
export const needsConfirmation = (action: VpsAction) => action !== 'start';

/** The server's display name: its plan, then its service name. */
export const vpsName = (vps: VpsDto) => `${vps.vps_info.plan} · ${vps.ovh_service_name}`;

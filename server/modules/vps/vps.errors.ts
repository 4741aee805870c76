import { HttpError } from '../../http/errors';

export const UnknownAction = (action: string) =>
  new HttpError(400, 'unknown_action', `Unknown action ${action.slice(0, 20)}`, { action: ['panel.actions.unknown'] });
export const VpsSuspended = () => new HttpError(409, 'vps_suspended', 'This server is suspended until its renewal is paid');
export const VpsBusy = () => new HttpError(409, 'vps_busy', 'This server is already changing state');
export const ActionNotPossible = (reason: string) =>
  new HttpError(409, 'action_not_possible', `This action does not apply now (${reason})`, undefined, { reason });
export const CloudUnavailable = () => new HttpError(502, 'cloud_unavailable', 'The cloud provider could not be reached');

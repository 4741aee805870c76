import { vpsActionParams, vpsActionSchema, vpsListSchema } from '../schemas/vps';
import { endpoint } from './endpoint';

/** The client panel's servers (spec §7 "Client panel"). */
export const vpsApi = {
  list: endpoint({
    method: 'get',
    path: '/api/vps',
    summary: 'The caller’s servers with their power state (spec §3 "VPS record")',
    tag: 'vps',
    access: 'session',
    response: vpsListSchema,
  }),
  act: endpoint({
    method: 'post',
    path: '/api/vps/{vpsId}/{action}',
    summary: 'Start, stop or reboot one of the caller’s servers (empty body)',
    tag: 'vps',
    access: 'session',
    params: vpsActionParams,
    response: vpsActionSchema,
  }),
};

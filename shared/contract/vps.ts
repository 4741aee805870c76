import { vpsActionParams, vpsActionSchema, vpsListQuerySchema, vpsListSchema } from '../schemas/vps';
import { endpoint } from './endpoint';

/** The client panel's servers (spec §7 "Client panel"). */
export const vpsApi = {
  list: endpoint({
    method: 'get',
    path: '/api/vps',
    summary: 'The caller’s servers with their power state, newest first, a page at a time (spec §3 "VPS record"); 304 when unchanged',
    tag: 'vps',
    access: 'session',
    query: vpsListQuerySchema,
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

import { idParams } from '../schemas/ids';
import { successSchema } from '../schemas/staff/common';
import {
  availableVpsListSchema,
  availableVpsQuerySchema,
  confirmOrderSchema,
  staffOrdersQuerySchema,
  staffOrdersSchema,
  takeOrderAnswerSchema,
  takeOrderSchema,
} from '../schemas/staff/orders';
import { endpoint } from './endpoint';

/** Category 0 "Commandes" (spec §2 "Orders page"): support on duty, manager, admin. */
export const staffOrdersApi = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/orders',
    summary: 'Open orders (unpaid, pending, in progress), newest first, a page at a time',
    tag: 'staff-orders',
    access: 'staff',
    query: staffOrdersQuerySchema,
    response: staffOrdersSchema,
  }),
  take: endpoint({
    method: 'post',
    path: '/api/admin/orders/{id}/take',
    summary: '’Prendre’: a pending order with no agent becomes the caller’s (409 when another won)',
    tag: 'staff-orders',
    access: 'staff',
    params: idParams,
    body: takeOrderSchema,
    response: takeOrderAnswerSchema,
  }),
  availableVps: endpoint({
    method: 'get',
    path: '/api/admin/vps/available',
    summary:
      'Machines free to assign with their size, 50 a page; with orderId, those of its OS family beside the plan bought, matching ones first',
    tag: 'staff-orders',
    access: 'staff',
    query: availableVpsQuerySchema,
    response: availableVpsListSchema,
  }),
  confirm: endpoint({
    method: 'post',
    path: '/api/admin/orders/{id}/confirm',
    summary: '’Attribuer’: delivers the order with this VPS (409 when smaller than the plan bought, or larger without upgrade: true)',
    tag: 'staff-orders',
    access: 'staff',
    params: idParams,
    body: confirmOrderSchema,
    response: successSchema,
  }),
};

import { successSchema } from '../schemas/staff/common';
import { agentIdParams, supportStatusSchema } from '../schemas/staff/duty';
import { endpoint } from './endpoint';

/** A support agent's own duty switch (spec §2 "Staff dashboard", §4 "Support agent"). */
export const staffDutyApi = {
  status: endpoint({
    method: 'post',
    path: '/api/admin/support/{userId}/status',
    summary: 'Takes duty or leaves it (the caller’s own, support agents only)',
    tag: 'staff',
    access: 'staff',
    params: agentIdParams,
    body: supportStatusSchema,
    response: successSchema,
  }),
  endService: endpoint({
    method: 'post',
    path: '/api/admin/support/{userId}/end-service',
    summary: 'End of full service: off duty, and the orders taken go back to pending',
    tag: 'staff',
    access: 'staff',
    params: agentIdParams,
    response: successSchema,
  }),
};

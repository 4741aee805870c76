import { deliveryAnswerSchema, deliveryParams, manualGameDeliverySchema, staffDeliveriesSchema } from '../schemas/staff/deliveries';
import { endpoint } from './endpoint';

/** Deliveries waiting for staff (issue 31): shown at the top of the back-office. */
export const staffDeliveriesApi = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/deliveries',
    summary: 'Services whose automatic delivery failed or ran out of time, with the provider’s error and each attempt',
    tag: 'staff',
    access: 'staff',
    response: staffDeliveriesSchema,
  }),
  retry: endpoint({
    method: 'post',
    path: '/api/admin/deliveries/{serviceId}/retry',
    summary: '"Réessayer": the automatic delivery runs again (202)',
    tag: 'staff',
    access: 'staff',
    params: deliveryParams,
    response: deliveryAnswerSchema,
    status: 202,
  }),
  manual: endpoint({
    method: 'post',
    path: '/api/admin/deliveries/{serviceId}/manual',
    summary: 'A game server made on the panel by hand: its address and port; the service becomes active',
    tag: 'staff',
    access: 'staff',
    params: deliveryParams,
    body: manualGameDeliverySchema,
    response: deliveryAnswerSchema,
  }),
};

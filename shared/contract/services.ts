import {
  serviceAnswerSchema,
  serviceCancelSchema,
  serviceParams,
  serviceReinstallSchema,
  serviceReverseDnsSchema,
  servicesListSchema,
} from '../schemas/services';
import { serviceEventsSchema } from '../schemas/service-events';
import { endpoint } from './endpoint';

/** What the customer owns (issue 31): VPS and game servers, with their status and connection. */
export const servicesApi = {
  list: endpoint({
    method: 'get',
    path: '/api/services',
    summary: 'The caller’s services (VPS and game servers), newest first, with status, period and connection',
    tag: 'services',
    access: 'session',
    response: servicesListSchema,
  }),
  get: endpoint({
    method: 'get',
    path: '/api/services/{id}',
    summary: 'One of the caller’s services; another customer’s is 404',
    tag: 'services',
    access: 'session',
    params: serviceParams,
    response: serviceAnswerSchema,
  }),
  events: endpoint({
    method: 'get',
    path: '/api/services/{id}/events',
    summary: 'The history of one of the caller’s services (delivery, renewals, suspension, reinstalls…), newest first, at most 100',
    tag: 'services',
    access: 'session',
    params: serviceParams,
    response: serviceEventsSchema,
  }),
  cancel: endpoint({
    method: 'post',
    path: '/api/services/{id}/cancel',
    summary: 'Ends the service at the end of its paid term (no renewal); asked again, 200 and nothing changes',
    tag: 'services',
    access: 'session',
    params: serviceParams,
    body: serviceCancelSchema,
    response: serviceAnswerSchema,
  }),
  keep: endpoint({
    method: 'delete',
    path: '/api/services/{id}/cancel',
    summary: 'Takes back an end at term before its date: the service renews again',
    tag: 'services',
    access: 'session',
    params: serviceParams,
    response: serviceAnswerSchema,
  }),
  reinstall: endpoint({
    method: 'post',
    path: '/api/services/{id}/reinstall',
    summary:
      'Reinstalls the caller’s VPS with a system of its product and one of the account’s SSH keys: erases the disk; 409 while one runs or when the service is suspended or ended',
    tag: 'services',
    access: 'session',
    params: serviceParams,
    body: serviceReinstallSchema,
    response: serviceAnswerSchema,
    status: 202,
  }),
  reverseDns: endpoint({
    method: 'put',
    path: '/api/services/{id}/reverse-dns',
    summary:
      'Sets the reverse DNS of the caller’s VPS address (OVH POST /ip/{ip}/reverse); 422 reverse_not_resolving while the name does not resolve to the address',
    tag: 'services',
    access: 'session',
    params: serviceParams,
    body: serviceReverseDnsSchema,
    response: serviceAnswerSchema,
  }),
};

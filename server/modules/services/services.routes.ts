import { Router, type RequestHandler } from 'express';
import { servicesApi } from '../../../shared/contract/services';
import { staffDeliveriesApi } from '../../../shared/contract/staff-deliveries';
import type { StaffGuards } from '../../http/require-staff';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import { authorize } from '../../policies/authorize';
import type { ServiceReinstall } from './actions/reinstall.service';
import type { ReverseDns } from './actions/reverse-dns.service';
import type { CustomerServices } from './customer-services.service';
import type { StaffDeliveries } from './staff-deliveries.service';

/** The customer's services (GET list and one, "Résilier" and taking it back, the panel's actions). */
export function servicesRoutes(deps: {
  services: CustomerServices;
  reinstall: ServiceReinstall;
  reverseDns: ReverseDns;
  requireUser: RequestHandler;
  actionLimit: RequestHandler;
}): Router {
  const router = Router();
  route(router, servicesApi.list, deps.requireUser, async ({ req, res }) => {
    res.set({ 'Cache-Control': 'private, no-cache', Vary: 'Authorization' });
    return { services: await deps.services.list(currentUser(req)) };
  });
  route(router, servicesApi.get, deps.requireUser, async ({ req, res, params }) => {
    res.set({ 'Cache-Control': 'private, no-cache', Vary: 'Authorization' });
    return { service: await deps.services.get(currentUser(req), params.id) };
  });
  route(router, servicesApi.events, deps.requireUser, async ({ req, res, params }) => {
    res.set({ 'Cache-Control': 'private, no-cache', Vary: 'Authorization' });
    return { events: await deps.services.events(currentUser(req), params.id) };
  });
  route(router, servicesApi.cancel, deps.requireUser, async ({ req, params }) => ({
    service: await deps.services.endAtTerm(currentUser(req), params.id, req.ip),
  }));
  route(router, servicesApi.keep, deps.requireUser, async ({ req, params }) => ({
    service: await deps.services.keep(currentUser(req), params.id, req.ip),
  }));
  route(router, servicesApi.reinstall, deps.requireUser, deps.actionLimit, async ({ req, params, body }) => ({
    service: await deps.reinstall(currentUser(req), params.id, body, req.ip),
  }));
  route(router, servicesApi.reverseDns, deps.requireUser, deps.actionLimit, async ({ req, params, body }) => ({
    service: await deps.reverseDns(currentUser(req), params.id, body, req.ip),
  }));
  return router;
}

/** Deliveries waiting for staff, at the top of the back-office: everyone who works on orders. */
export function staffDeliveriesRoutes(deps: { deliveries: StaffDeliveries; guards: StaffGuards }): Router {
  const router = Router();
  const ordersArea = [deps.guards.staff, deps.guards.area('orders')];
  route(router, staffDeliveriesApi.list, ...ordersArea, async ({ res }) => {
    res.set('Cache-Control', 'no-store');
    return { deliveries: await deps.deliveries.list() };
  });
  route(router, staffDeliveriesApi.retry, ...ordersArea, async ({ req, params }) => {
    const user = currentUser(req);
    authorize(user, 'orders.work');
    return { delivery: await deps.deliveries.retry(user, params.serviceId, req.ip) };
  });
  route(router, staffDeliveriesApi.manual, ...ordersArea, async ({ req, params, body }) => {
    const user = currentUser(req);
    authorize(user, 'orders.work');
    return { delivery: await deps.deliveries.deliverGameByHand(user, params.serviceId, body, req.ip) };
  });
  return router;
}

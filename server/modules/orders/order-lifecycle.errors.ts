import type { OrderStatus } from '../../../shared/constants';
import { HttpError } from '../../http/errors';
import type { OrderEvent } from './order-transitions';

// What the lifecycle refuses. The 409 code is the event's (order-transitions.ts), the one the
// client already turns into a text; the event and the status travel along for the logs.

export const OrderNotFound = () => new HttpError(404, 'order_not_found', 'No such order');

export class OrderTransitionRefused extends HttpError {
  constructor(
    readonly event: OrderEvent,
    readonly from: OrderStatus,
    code: string,
  ) {
    super(409, code, `This order cannot be ${event.replace('_', ' ')} while ${from.replace('_', ' ')}`);
    this.name = 'OrderTransitionRefused';
  }
}

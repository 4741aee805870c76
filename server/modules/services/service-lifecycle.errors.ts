import type { ServiceStatus } from '../../../shared/constants';
import { HttpError } from '../../http/errors';
import type { ServiceChangeEvent } from './service-transitions';

export const ServiceNotFound = () => new HttpError(404, 'service_not_found', 'No such service');

export class ServiceTransitionRefused extends HttpError {
  constructor(
    readonly event: ServiceChangeEvent,
    readonly from: ServiceStatus,
    code: string,
  ) {
    super(409, code, `This service cannot be ${event.replace(/_/g, ' ')} while ${from.replace('_', ' ')}`);
    this.name = 'ServiceTransitionRefused';
  }
}

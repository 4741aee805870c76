import { ForbiddenError, HttpError } from '../../../http/errors';

// What the order workflow refuses; the client shows the spec's texts ('Erreur prise en charge.',
// 'Erreur lors de l'attribution du VPS.') from these codes.

export const OrderNotFound = () => new HttpError(404, 'order_not_found', 'No such order');
export const VpsNotFound = () => new HttpError(404, 'vps_not_found', 'No such VPS');
/** Take: already taken (another agent won) or not waiting for an agent. */
export const OrderNotTakeable = () => new HttpError(409, 'order_not_takeable', 'This order is not pending and free to take');
/** Confirm: only an order in progress can be delivered. */
export const OrderNotConfirmable = () => new HttpError(409, 'order_not_confirmable', 'Only an order in progress can get a VPS');
/** Confirm: another agent took this order. */
export const OrderNotYours = () => ForbiddenError('order_not_yours', 'Another agent took this order');
export const VpsNotAvailable = () => new HttpError(409, 'vps_not_available', 'This VPS is not free to assign');
export const OsMismatch = (wanted: string) =>
  new HttpError(409, 'os_mismatch', `This VPS does not run the OS family the order asks for (${wanted})`);
/** Confirm: the machine has less memory, cores or storage than the plan the customer bought. */
export const VpsSmallerThanOrder = () =>
  new HttpError(409, 'vps_smaller_than_order', 'This VPS is smaller than the plan the customer bought');
/** Confirm: the machine is larger than the plan bought and staff did not choose the upgrade. */
export const VpsUpgradeNotChosen = () =>
  new HttpError(409, 'vps_upgrade_not_chosen', 'This VPS is larger than the plan bought: confirm with upgrade to deliver it');
export const OrderNotUnpaid = () => new HttpError(409, 'order_not_unpaid', 'Only an unpaid order can be marked paid');
export const OrderNotCancellable = () => new HttpError(409, 'order_not_cancellable', 'Only an open order can be cancelled');

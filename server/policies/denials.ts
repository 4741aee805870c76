import { ForbiddenError, HttpError, NotFoundError } from '../http/errors';

// Refusals shared by several rules. A rule about a customer's own thing answers as if it were
// missing (404), so another customer cannot learn that it exists.

export const RoleForbidden = () => ForbiddenError('forbidden_role', 'Your role does not give access to this');
export const OffDuty = () => ForbiddenError('off_duty', 'Take duty to see and handle orders');
export const NotOwnAccount = () => ForbiddenError('forbidden', 'You can only act for your own account');
export const NoSuchOrder = () => NotFoundError('No such order');
export const NoSuchServer = () => NotFoundError('No such server');
export const WrongAdminPassword = () => new HttpError(401, 'wrong_admin_password', 'Mot de passe incorrect');
export const NoSuchCreditNote = () => NotFoundError('No such credit note');
export const NoSuchPaymentMethod = () => NotFoundError('No such payment method');
export const NoSuchSetup = () => NotFoundError('No such setup');
export const OwnDutyOnly = () => ForbiddenError('forbidden', 'You can only change your own duty');
export const SupportOnly = () => ForbiddenError('forbidden_role', 'Only support agents take duty');
export const OwnProfileOnly = () => ForbiddenError('forbidden_role', 'Only your own profile is open to your role');

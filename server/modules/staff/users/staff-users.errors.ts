import { HttpError } from '../../../http/errors';

// What the Users category refuses; the client shows a translated text for each code.

export const UserNotFound = () => new HttpError(404, 'user_not_found', 'No such user');
/** An admin changing their own role could leave the shop without an admin. */
export const CannotChangeOwnRole = () => new HttpError(409, 'cannot_change_own_role', 'You cannot change your own role');
/** The admin password opens the back-office: a customer account has none to set. */
export const NotStaff = () => new HttpError(409, 'not_staff', 'Only a staff account has an admin password');

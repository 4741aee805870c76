import { HttpError } from '../../http/errors';

export const AlreadyRatedError = () => new HttpError(409, 'already_rated', 'You have already rated the service');

import { HttpError } from '../../http/errors';

export const SavingUnavailable = () => new HttpError(409, 'saving_unavailable', 'This way of saving a payment method is not offered');
export const ProviderUnreachable = () =>
  new HttpError(502, 'payment_provider_unavailable', 'The payment provider could not be reached; nothing was changed');

/** Account deletion refused: a saved method is still chargeable at its provider (see detachAll). */
export const MethodsNotDetached = () =>
  new HttpError(
    502,
    'payment_methods_not_detached',
    'A saved payment method could not be detached at its provider; the account was not deleted. Try again later',
  );

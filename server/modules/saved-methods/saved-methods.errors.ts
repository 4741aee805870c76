import { HttpError } from '../../http/errors';

export const SavingUnavailable = () => new HttpError(409, 'saving_unavailable', 'This way of saving a payment method is not offered');
export const ProviderUnreachable = () =>
  new HttpError(502, 'payment_provider_unavailable', 'The payment provider could not be reached; nothing was changed');

import { ConflictError, NotFoundError } from '../../../http/errors';

export const DeliveryNotFound = () => NotFoundError('This document has no e-invoice delivery');
export const NotResendable = () =>
  ConflictError('einvoice_not_resendable', 'Only a rejected, failed or blocked e-invoice can be sent again');
export const StillInvalid = () =>
  ConflictError('einvoice_still_invalid', 'The document’s UBL still breaks the official rules: it cannot be sent');

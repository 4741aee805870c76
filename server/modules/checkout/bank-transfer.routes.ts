import { Router, type RequestHandler } from 'express';
import { checkoutApi } from '../../../shared/contract/checkout';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import type { BankTransferCheckout } from './bank-transfer-checkout.service';
import type { BankAccount } from '../../shared/bank-account';
import { presentIbanCheck, presentTransferDetails } from './checkout.presenter';

/** Bank transfer (spec §2 bank-transfer page): check the IBAN, place the order, record the declaration. */
export function bankTransferRoutes(deps: { transfers: BankTransferCheckout; bank: BankAccount; requireUser: RequestHandler }): Router {
  const { transfers } = deps;
  const router = Router();

  route(router, checkoutApi.validateIban, deps.requireUser, ({ body }) => presentIbanCheck(transfers.ibanIsValid(body.accountIBAN)));

  route(router, checkoutApi.bankTransfer, deps.requireUser, async ({ req, body }) =>
    presentTransferDetails(await transfers.place(currentUser(req), body), deps.bank),
  );

  route(router, checkoutApi.confirmTransfer, deps.requireUser, async ({ req, body }) => {
    await transfers.confirm(currentUser(req), body);
    return { success: true as const };
  });

  return router;
}

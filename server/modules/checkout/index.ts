import { Router, type RequestHandler } from 'express';
import type { Clock } from '../../clock/clock';
import type { BankAccount } from '../../shared/bank-account';
import type { Mailer } from '../mail/mail.service';
import type { ReservationPolicy } from '../orders/reservation';
import type { VatService } from '../vat/vat.service';
import { createBankTransferCheckout } from './bank-transfer-checkout.service';
import { bankTransferRoutes } from './bank-transfer.routes';
import { checkoutRoutes } from './checkout.routes';
import { createCheckout } from './checkout.service';
import type { StartPaymentDeps } from './start-payment';

export type CheckoutModuleDeps = StartPaymentDeps & {
  mailer: Mailer;
  vat: VatService;
  reservations: ReservationPolicy;
  clock: Clock;
  /** The account bank transfers are paid to. */
  bank: BankAccount;
  /** OVH_AUTO_ORDER: a VPS that may be bought at OVH is sold against products.stock, not its free machines. */
  ovhAutoOrder?: boolean;
  requireUser: RequestHandler;
};

/** Checkout: card, PayPal and invoice payment start, and bank transfers (IBAN check, order, declaration). */
export function checkoutModule({ requireUser, bank, ...deps }: CheckoutModuleDeps) {
  const checkout = createCheckout(deps);
  const transfers = createBankTransferCheckout({ ...deps, bank });
  const routes = Router();
  routes.use(checkoutRoutes({ checkout, requireUser }));
  routes.use(bankTransferRoutes({ transfers, bank, requireUser }));
  return { routes, checkout, transfers };
}

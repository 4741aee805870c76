import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { BankTransferConfirmInput, BankTransferInput } from '../../../shared/schemas/checkout';
import { ValidationError } from '../../http/errors';
import { authorize } from '../../policies/authorize';
import type { UserRow } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import type { OrderRow } from '../orders/orders.repo';
import type { ReservationPolicy } from '../orders/reservation';
import type { VatService } from '../vat/vat.service';
import type { BankAccount } from '../../shared/bank-account';
import { announceTransfer } from './bank-transfer.service';
import { normaliseIban } from './iban';
import { placeOrder } from './place-order';

const invalidIban = () => ValidationError({ accountIBAN: ['payment.ibanInvalid'] }, 'The IBAN is not valid');

function validIban(input: string): string {
  const iban = normaliseIban(input);
  if (!iban) throw invalidIban();
  return iban;
}

/** Bank transfer (spec §2 bank-transfer page, DESIGN.md §3): check the IBAN, place the order, record the declaration. */
export function createBankTransferCheckout(deps: {
  db: Knex;
  mailer: Mailer;
  bank: BankAccount;
  vat: VatService;
  clock: Clock;
  reservations: ReservationPolicy;
  /** OVH_AUTO_ORDER (place-order.ts). */
  ovhAutoOrder?: boolean;
}) {
  const { db } = deps;

  return {
    /** Whether the payer's IBAN is valid (country length + mod-97). */
    ibanIsValid(accountIBAN: string): boolean {
      return normaliseIban(accountIBAN) !== null;
    },

    /** An unpaid order with its structured reference, paid by the payer named here. */
    async place(user: UserRow, input: BankTransferInput): Promise<OrderRow> {
      authorize(user, 'account.actFor', input.userId);
      const iban = validIban(input.accountIBAN);
      return placeOrder(
        db,
        user,
        {
          items: input.items,
          claimedTotalCents: input.totalCents,
          paymentMethod: 'bank_transfer',
          payer: { name: input.accountName, iban },
          vat: await deps.vat.forCustomer(user),
        },
        { clock: deps.clock, reservations: deps.reservations, ovhAutoOrder: deps.ovhAutoOrder },
      );
    },

    /** The customer says the transfer is made. */
    async confirm(user: UserRow, input: BankTransferConfirmInput): Promise<void> {
      authorize(user, 'account.actFor', input.userId);
      const iban = validIban(input.accountIBAN);
      await announceTransfer(deps, user, { orderId: input.orderId, payerName: input.accountName, payerIban: iban });
    },
  };
}

export type BankTransferCheckout = ReturnType<typeof createBankTransferCheckout>;

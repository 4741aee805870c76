import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import {
  bankTransferConfirmSchema,
  bankTransferSchema,
  validateIbanSchema,
  type BankTransferDetailsDto,
  type IbanCheckDto,
} from '../../../shared/schemas/checkout';
import { ValidationError } from '../../http/errors';
import { assertOwnUserId, currentUser } from '../../http/require-user';
import { validate } from '../../http/validate';
import type { Mailer } from '../mail/mail.service';
import type { VatService } from '../vat/vat.service';
import { normaliseIban } from './iban';
import { placeOrder } from './place-order';
import { announceTransfer, type BankAccount } from './bank-transfer.service';

const invalidIban = () => ValidationError({ accountIBAN: ['payment.ibanInvalid'] }, 'The IBAN is not valid');

/** Bank transfer (spec §2 bank-transfer page, DESIGN.md §3): check the IBAN, place the order, record the declaration. */
export function bankTransferRoutes(deps: { db: Knex; mailer: Mailer; bank: BankAccount; requireUser: RequestHandler; vat: VatService }): Router {
  const { db, bank, requireUser } = deps;
  const router = Router();

  router.post('/checkout/bank-transfer/validate-iban', requireUser, (req, res) => {
    const { accountIBAN } = validate(validateIbanSchema, req.body);
    const valid = normaliseIban(accountIBAN) !== null;
    res.json({ valid, error: valid ? null : 'payment.ibanInvalid' } satisfies IbanCheckDto);
  });

  router.post('/checkout/bank-transfer', requireUser, async (req, res) => {
    const user = currentUser(req);
    const input = validate(bankTransferSchema, req.body);
    assertOwnUserId(user, input.userId);
    const iban = normaliseIban(input.accountIBAN);
    if (!iban) throw invalidIban();
    const order = await placeOrder(db, user, {
      items: input.items,
      claimedTotalCents: input.totalCents,
      paymentMethod: 'bank_transfer',
      payer: { name: input.accountName, iban },
      vat: (await deps.vat.forCustomer(user)).treatment,
    });
    res.status(201).json({
      orderId: order.id,
      iban: bank.iban,
      bic: bank.bic,
      accountHolder: bank.accountHolder,
      reference: order.transfer_reference!,
      amountCents: Number(order.total_cents),
      currency: order.currency,
    } satisfies BankTransferDetailsDto);
  });

  router.post('/checkout/bank-transfer/confirm', requireUser, async (req, res) => {
    const user = currentUser(req);
    const input = validate(bankTransferConfirmSchema, req.body);
    assertOwnUserId(user, input.userId);
    const iban = normaliseIban(input.accountIBAN);
    if (!iban) throw invalidIban();
    await announceTransfer({ db, mailer: deps.mailer, bank }, user, { orderId: input.orderId, payerName: input.accountName, payerIban: iban });
    res.json({ success: true });
  });

  return router;
}

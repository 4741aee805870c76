import type { BankTransferDetailsDto, CheckoutStartedDto, IbanCheckDto, PaypalOrderCreatedDto } from '../../../shared/schemas/checkout';
import type { OrderRow } from '../orders/orders.repo';
import type { BankAccount } from '../../shared/bank-account';
import type { StartedPayment } from './checkout.service';

/** Card and invoice payments: the provider page to open (spec {checkoutUrl}) and the order it pays. */
export function presentCheckoutStarted({ order, redirectUrl }: StartedPayment): CheckoutStartedDto {
  return { checkoutUrl: redirectUrl, orderId: order.id };
}

/** PayPal: spec "Payment order: id, paypalUrl". */
export function presentPaypalOrder({ order, redirectUrl }: StartedPayment): PaypalOrderCreatedDto {
  return { order: { id: order.id, paypalUrl: redirectUrl } };
}

export function presentIbanCheck(valid: boolean): IbanCheckDto {
  return { valid, error: valid ? null : 'payment.ibanInvalid' };
}

/** Spec "Bank transfer result": the shop's account, the order's structured reference and amount. */
export function presentTransferDetails(order: OrderRow, bank: BankAccount): BankTransferDetailsDto {
  return {
    orderId: order.id,
    iban: bank.iban,
    bic: bank.bic,
    accountHolder: bank.accountHolder,
    reference: order.transfer_reference!, // set when a bank-transfer order is placed
    amountCents: order.total_cents,
    currency: order.currency,
    reservedUntil: order.reserved_until!.toISOString(), // set when a checkout order is placed
  };
}

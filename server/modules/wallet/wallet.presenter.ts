import type { WalletDto, WalletPaymentDto, WalletTransactionDto } from '../../../shared/schemas/wallet';
import { presentCustomerOrder } from '../orders/orders.presenter';
import type { WalletMovementRow } from './wallet.repo';
import type { WalletPaymentDone } from './wallet.service';

function presentMovement(movement: WalletMovementRow): WalletTransactionDto {
  return {
    id: movement.id,
    type: movement.type,
    amount_cents: movement.amount_cents,
    description: movement.description,
    order_id: movement.order_id,
    created_at: movement.created_at.toISOString(),
  };
}

export function presentWallet(wallet: { balanceCents: number; currency: string; movements: WalletMovementRow[] }): WalletDto {
  return { balance_cents: wallet.balanceCents, currency: wallet.currency, transactions: wallet.movements.map(presentMovement) };
}

export function presentWalletPayment(payment: WalletPaymentDone): WalletPaymentDto {
  return {
    order: presentCustomerOrder(payment.order, payment.lines, { renewedUntil: payment.renewedUntil }),
    balance_cents: payment.balanceCents,
  };
}

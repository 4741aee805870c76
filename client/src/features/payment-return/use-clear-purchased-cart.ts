import { useEffect, useRef } from 'react';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { useCart } from '../../app/cart/cart-context';

/**
 * Empties the cart once its order is confirmed paid. Paying an older invoice from the panel comes
 * back to the same page: a cart that holds something else than that order is left alone.
 */
export function useClearPurchasedCart(paidOrder: CustomerOrderDto | null) {
  const { lines, clearCart } = useCart();
  const done = useRef(false);

  useEffect(() => {
    if (!paidOrder || done.current) return;
    done.current = true;
    const bought = new Set(paidOrder.lines.map((line) => line.product_id));
    if (lines.every((line) => bought.has(line.productId))) clearCart();
  }, [paidOrder, lines, clearCart]);
}

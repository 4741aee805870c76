import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Product } from '../../../../shared/schemas/product';
import { CartContext, type CartContextValue } from './cart-context';
import { cartLineFromProduct, clampQty, type CartLine } from './cart-line';
import { CART_KEY, readStoredCart, storeCart } from './cart-storage';

/** The cart, mirrored in localStorage ('cart') so it survives a reload and follows other tabs. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [lines, setLines] = useState<CartLine[]>(readStoredCart);

  const change = useCallback((next: (current: CartLine[]) => CartLine[]) => {
    setLines((current) => {
      const updated = next(current);
      storeCart(updated);
      return updated;
    });
  }, []);

  const addProduct = useCallback((product: Product) => change(() => [cartLineFromProduct(product)]), [change]);
  const removeLine = useCallback(
    (productId: number) => change((current) => current.filter((line) => line.productId !== productId)),
    [change],
  );
  const updateQty = useCallback(
    (productId: number, qty: number) =>
      change((current) => current.map((line) => (line.productId === productId ? { ...line, qty: clampQty(qty) } : line))),
    [change],
  );
  const clearCart = useCallback(() => change(() => []), [change]);

  // Another tab changed the cart: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CART_KEY) setLines(readStoredCart());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<CartContextValue>(
    () => ({ lines, lineCount: lines.length, addProduct, removeLine, updateQty, clearCart }),
    [lines, addProduct, removeLine, updateQty, clearCart],
  );
  return <CartContext value={value}>{children}</CartContext>;
}

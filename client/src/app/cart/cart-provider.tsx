import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Product } from '../../../../shared/schemas/product';
import { useHydrated } from '../../api/initial-data';
import { CartContext, type CartContextValue } from './cart-context';
import { cartLineFromProduct, clampQty, withChoice, type CartLine } from './cart-line';
import { CART_KEY, readStoredCart, storeCart } from './cart-storage';

const NO_LINES: CartLine[] = [];

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

  const addProduct = useCallback((product: Product, choiceId?: string) => change(() => [cartLineFromProduct(product, choiceId)]), [change]);
  const chooseOption = useCallback(
    (productId: number, choiceId: string) =>
      change((current) => current.map((line) => (line.productId === productId ? withChoice(line, choiceId) : line))),
    [change],
  );
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

  // A page the server rendered is hydrated with the server's empty cart; the stored one right after
  // (an empty one stays the same value: nothing that reads it renders again).
  const shown = useHydrated() && lines.length > 0 ? lines : NO_LINES;
  const value = useMemo<CartContextValue>(
    () => ({ lines: shown, lineCount: shown.length, addProduct, chooseOption, removeLine, updateQty, clearCart }),
    [shown, addProduct, chooseOption, removeLine, updateQty, clearCart],
  );
  return <CartContext value={value}>{children}</CartContext>;
}

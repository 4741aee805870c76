import { createContext, useContext } from 'react';
import type { Product } from '../../../../shared/schemas/product';
import type { CartLine } from './cart-line';

export interface CartContextValue {
  lines: readonly CartLine[];
  /** How many lines the cart holds (0 or 1: one product at a time). */
  lineCount: number;
  /** Replaces the whole cart with this product at quantity 1 (spec §4), with the system or version chosen. */
  addProduct: (product: Product, choiceId?: string) => void;
  /** Another system or version for a line (issue 31). */
  chooseOption: (productId: number, choiceId: string) => void;
  removeLine: (productId: number) => void;
  /** Sets a line's quantity, kept between MIN_QTY and MAX_QTY. */
  updateQty: (productId: number, qty: number) => void;
  clearCart: () => void;
}

export const CartContext = createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside <CartProvider>');
  return value;
}

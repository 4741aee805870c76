import { useCallback, useEffect, useState } from 'react';
import type { Product } from '../../../../shared/schemas/product';
import { readProducts } from '../../api/read-products';
import { useHydration } from '../../api/initial-data';
import { useLanguage } from '../../ui/use-language';
import { fetchProducts } from './shop-api';

export type ProductsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; products: Product[] };

/** The catalogue for the shop: loading, failed (with a retry) or loaded; the server's copy on a rendered page. */
export function useProducts() {
  const { data } = useHydration();
  const lng = useLanguage();
  const [state, setState] = useState<ProductsState>(() =>
    data.products ? { status: 'ready', products: readProducts(data.products) } : { status: 'loading' },
  );
  // Attempt 0 needs no fetch when the server's render brought the products.
  const [attempt, setAttempt] = useState(data.products ? -1 : 0);

  useEffect(() => {
    if (attempt < 0) return;
    const controller = new AbortController();
    fetchProducts(lng, controller.signal).then(
      (products) => setState({ status: 'ready', products }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt, lng]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => Math.max(n, 0) + 1);
  }, []);

  return { state, retry };
}

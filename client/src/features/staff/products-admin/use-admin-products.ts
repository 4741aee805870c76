import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminProductDto, AdminProductsPageDto } from '../../../../../shared/schemas/staff';
import { adminProductsPath } from '../staff-api-paths';
import { useStaffApi } from '../use-staff-api';

export type ProductsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; products: AdminProductDto[]; page: number; hasMore: boolean };

/**
 * The Produits list for a search and the 'Archivés' toggle (GET /api/admin/products, 50 a page).
 * A new search starts again at page 1; an answer to an older search is dropped.
 */
export function useAdminProducts(q: string, archived: boolean) {
  const api = useStaffApi();
  const [state, setState] = useState<ProductsState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  const load = useCallback(async () => {
    const asked = ++generation.current;
    setState({ status: 'loading' });
    try {
      const answer = await api.get<AdminProductsPageDto>(adminProductsPath(q, archived, 1));
      if (asked === generation.current) setState({ status: 'ready', products: answer.products, page: 1, hasMore: answer.hasMore });
    } catch {
      if (asked === generation.current) setState({ status: 'failed' });
    }
  }, [api, q, archived]);

  useEffect(() => {
    void load();
  }, [load]);

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || loadingMore) return;
    const asked = generation.current;
    setLoadingMore(true);
    try {
      const answer = await api.get<AdminProductsPageDto>(adminProductsPath(q, archived, state.page + 1));
      if (asked !== generation.current) return;
      setState((now) => {
        if (now.status !== 'ready') return now;
        const known = new Set(now.products.map((p) => p.id));
        return { status: 'ready', products: [...now.products, ...answer.products.filter((p) => !known.has(p.id))], page: answer.page, hasMore: answer.hasMore };
      });
    } catch {
      // The rows shown stay; the button can be pressed again.
    } finally {
      setLoadingMore(false);
    }
  }, [api, q, archived, state, loadingMore]);

  /** An edit's answer: the row changes in place, or leaves the list when it was archived or restored. */
  const applyProduct = useCallback(
    (product: AdminProductDto) => {
      setState((now) => {
        if (now.status !== 'ready') return now;
        const stays = product.is_active !== archived;
        const products = stays ? now.products.map((p) => (p.id === product.id ? product : p)) : now.products.filter((p) => p.id !== product.id);
        return { ...now, products };
      });
    },
    [archived],
  );

  return { state, loadingMore, loadMore, reload: load, applyProduct };
}

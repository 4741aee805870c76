import { useCallback } from 'react';
import { staffProductsApi } from '../../../../../shared/contract/staff-products';
import type { AdminProductDto } from '../../../../../shared/schemas/staff/products';
import { usePagedList } from '../use-paged-list';
import { useStaffApi } from '../use-staff-api';

/**
 * The Produits list for a search and the 'Archivés' toggle (GET /api/admin/products, 50 a page, each after the last row shown).
 * A new search starts again at page 1; an answer to an older search is dropped.
 */
export function useAdminProducts(q: string, archived: boolean) {
  const api = useStaffApi();
  const fetchPage = useCallback(
    async (after: number | undefined) => {
      const answer = await api.call(staffProductsApi.list, { query: { q, archived: archived ? 'true' : 'false', after } });
      return { items: answer.products, next: answer.next };
    },
    [api, q, archived],
  );
  const { updateItems, ...list } = usePagedList(fetchPage);

  /** An edit's answer: the row changes in place, or leaves the list when it was archived or restored. */
  const applyProduct = useCallback(
    (product: AdminProductDto) => {
      const stays = product.is_active !== archived;
      updateItems((products) =>
        stays ? products.map((p) => (p.id === product.id ? product : p)) : products.filter((p) => p.id !== product.id),
      );
    },
    [archived, updateItems],
  );

  return { ...list, applyProduct };
}

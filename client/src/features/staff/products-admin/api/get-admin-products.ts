import { staffProductsApi } from '../../../../../../shared/contract/staff-products';
import type { AdminProductDto } from '../../../../../../shared/schemas/staff/products';
import { usePagedList } from '../../api/paged-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

/**
 * The Produits list for a search and the 'Archivés' toggle (GET /api/admin/products, 50 a page, each after the last row shown).
 * A new search starts again at page 1.
 */
export function useAdminProducts(q: string, archived: boolean) {
  const api = useStaffApi();
  const { updateItems, ...list } = usePagedList(staffKeys.products(q, archived), async (after, signal) => {
    const answer = await api.call(staffProductsApi.list, { query: { q, archived: archived ? 'true' : 'false', after } }, { signal });
    return { items: answer.products, next: answer.next };
  });

  /** An edit's answer: the row changes in place, or leaves the list when it was archived or restored. */
  const applyProduct = (product: AdminProductDto) => {
    const stays = product.is_active !== archived;
    void updateItems((products) =>
      stays ? products.map((p) => (p.id === product.id ? product : p)) : products.filter((p) => p.id !== product.id),
    );
  };

  return { ...list, applyProduct };
}

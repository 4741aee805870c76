import { staffBillingApi } from '../../../../../../shared/contract/staff-billing';
import type { DocumentsQuery } from '../../../../../../shared/schemas/billing-documents';
import { usePagedList } from '../../api/paged-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

/** The filters the documents list is read with: kind, and a period (Brussels days, either end open). */
export type DocumentFilters = Pick<DocumentsQuery, 'kind'> & { from: string; to: string };

export const NO_DOCUMENT_FILTERS: DocumentFilters = { kind: 'all', from: '', to: '' };

/** GET /api/admin/billing/documents a page at a time for `filters`. */
export function useBillingDocuments(filters: DocumentFilters) {
  const api = useStaffApi();
  return usePagedList(staffKeys.documents(filters), async (after, signal) => {
    const answer = await api.call(
      staffBillingApi.documents,
      { query: { kind: filters.kind, from: filters.from || undefined, to: filters.to || undefined, after } },
      { signal },
    );
    return { items: answer.documents, next: answer.next };
  });
}

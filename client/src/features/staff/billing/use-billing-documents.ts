import { useCallback } from 'react';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import type { DocumentsQuery } from '../../../../../shared/schemas/billing-documents';
import { usePagedList } from '../use-paged-list';
import { useStaffApi } from '../use-staff-api';

/** The filters the documents list is read with: kind, and a period (Brussels days, either end open). */
export type DocumentFilters = Pick<DocumentsQuery, 'kind'> & { from: string; to: string };

export const NO_DOCUMENT_FILTERS: DocumentFilters = { kind: 'all', from: '', to: '' };

/** GET /api/admin/billing/documents a page at a time for `filters` (keep it one object per 'Filtrer'). */
export function useBillingDocuments(filters: DocumentFilters) {
  const api = useStaffApi();
  const fetchPage = useCallback(
    async (after: number | undefined) => {
      const answer = await api.call(staffBillingApi.documents, {
        query: { kind: filters.kind, from: filters.from || undefined, to: filters.to || undefined, after },
      });
      return { items: answer.documents, next: answer.next };
    },
    [api, filters],
  );
  return usePagedList(fetchPage);
}

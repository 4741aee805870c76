import { creditNotesApi } from '../../../../../shared/contract/invoices';
import type { CreditNoteDto } from '../../../../../shared/schemas/billing-documents';
import { panelKeys } from './panel-keys';
import { usePolledPages } from './polled-pages';

const idOf = (note: CreditNoteDto) => note.id;

/** The customer's credit notes (GET /api/credit-notes), newest first, 50 at a time, read again like the invoices. */
export function useCreditNotes() {
  const { state, hasMore, loadMore, loadingMore, moreFailed } = usePolledPages<CreditNoteDto>({
    queryKey: panelKeys.creditNotes,
    read: async (api, after, signal) => {
      const page = await api.call(creditNotesApi.list, after === null ? {} : { query: { after } }, { signal });
      return { items: page.credit_notes, next: page.next };
    },
    idOf,
  });
  return { state, hasMore, loadMore, loadingMore, moreFailed };
}

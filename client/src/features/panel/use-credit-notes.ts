import type { ResultOf } from '../../../../shared/contract/endpoint';
import { creditNotesApi } from '../../../../shared/contract/invoices';
import type { CreditNoteDto } from '../../../../shared/schemas/billing-documents';
import { usePolledPages, type PagedListOptions } from './use-polled-pages';

type Page = ResultOf<typeof creditNotesApi.list>;

const CREDIT_NOTES: PagedListOptions<Page, CreditNoteDto> = {
  read: (api, after, signal) => api.call(creditNotesApi.list, after === null ? {} : { query: { after } }, { signal }),
  items: (page) => page.credit_notes,
  withItems: (page, credit_notes) => ({ ...page, credit_notes }),
  next: (page) => page.next,
  idOf: (note) => note.id,
};

/** The customer's credit notes (GET /api/credit-notes), newest first, 50 at a time, read again like the invoices. */
export function useCreditNotes() {
  const { state, hasMore, loadMore, loadingMore, moreFailed } = usePolledPages(CREDIT_NOTES);
  return { state, hasMore, loadMore, loadingMore, moreFailed };
}

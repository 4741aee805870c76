import { useCallback } from 'react';
import { creditNotesApi } from '../../../../shared/contract/invoices';
import type { CreditNoteDto } from '../../../../shared/schemas/billing-documents';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { usePolling } from './use-polling';

/** The customer's credit notes (GET /api/credit-notes), newest first, read again every 10 s like the invoices. */
export function useCreditNotes() {
  const api = useAuthedApi();
  const read = useCallback(
    async (signal: AbortSignal): Promise<CreditNoteDto[]> => (await api.call(creditNotesApi.list, {}, { signal })).credit_notes,
    [api],
  );
  return usePolling({ load: api.token ? read : null }).state;
}

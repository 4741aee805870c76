import { useCallback } from 'react';
import { staffEinvoicesApi } from '../../../../../shared/contract/staff-einvoices';
import type { EinvoiceDeliveryDto, EinvoiceStatusFilter } from '../../../../../shared/schemas/einvoice-deliveries';
import { usePagedList } from '../use-paged-list';
import { useStaffApi } from '../use-staff-api';

/** Billing's Peppol deliveries of one status (GET /api/admin/billing/einvoices, 50 a page, each after the last row shown) and 'Renvoyer'. */
export function useEinvoiceDeliveries(status: EinvoiceStatusFilter) {
  const api = useStaffApi();
  const fetchPage = useCallback(
    async (after: number | undefined) => {
      const answer = await api.call(staffEinvoicesApi.list, { query: { status, after } });
      return { items: answer.deliveries, next: answer.next };
    },
    [api, status],
  );
  const list = usePagedList(fetchPage);
  const { updateItems } = list;

  /** Queues the document again; its row shows the answer (queued, a new round of tries). */
  const resend = useCallback(
    async (delivery: EinvoiceDeliveryDto) => {
      const answer = await api.call(staffEinvoicesApi.resend, { params: { id: String(delivery.document_id) } });
      updateItems((items) => items.map((item) => (item.id === answer.delivery.id ? answer.delivery : item)));
      return answer.delivery;
    },
    [api, updateItems],
  );
  return { ...list, resend };
}

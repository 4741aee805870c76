import { staffEinvoicesApi } from '../../../../../../shared/contract/staff-einvoices';
import type { EinvoiceDeliveryDto, EinvoiceStatusFilter } from '../../../../../../shared/schemas/einvoice-deliveries';
import { usePagedList } from '../../api/paged-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';
import { useResendEinvoice } from './resend-einvoice';

/** Billing's Peppol deliveries of one status (GET /api/admin/billing/einvoices, 50 a page, each after the last row shown) and 'Renvoyer'. */
export function useEinvoiceDeliveries(status: EinvoiceStatusFilter) {
  const api = useStaffApi();
  const list = usePagedList(staffKeys.einvoices(status), async (after, signal) => {
    const answer = await api.call(staffEinvoicesApi.list, { query: { status, after } }, { signal });
    return { items: answer.deliveries, next: answer.next };
  });
  const { updateItems } = list;
  const resendOne = useResendEinvoice();

  /** Queues the document again; its row shows the answer (queued, a new round of tries). */
  const resend = async (delivery: EinvoiceDeliveryDto) => {
    const answer = await resendOne.mutateAsync(delivery.document_id);
    await updateItems((items) => items.map((item) => (item.id === answer.delivery.id ? answer.delivery : item)));
    return answer.delivery;
  };
  return { ...list, resend };
}

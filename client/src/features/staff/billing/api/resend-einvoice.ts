import { useMutation } from '@tanstack/react-query';
import { staffEinvoicesApi } from '../../../../../../shared/contract/staff-einvoices';
import { useStaffApi } from '../../use-staff-api';

/** 'Renvoyer' a document to Peppol: POST /api/admin/billing/einvoices/{id}/resend (queued again). */
export function useResendEinvoice() {
  const api = useStaffApi();
  return useMutation({
    mutationFn: (documentId: number) => api.call(staffEinvoicesApi.resend, { params: { id: String(documentId) } }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { staffLogsApi } from '../../../../../../shared/contract/staff-logs';
import { useStaffApi } from '../../use-staff-api';

/** 'Renvoyer' a mail that did not leave: POST /api/admin/mail-failures/{id}/retry (back in line). */
export function useRetryMail() {
  const api = useStaffApi();
  return useMutation({
    mutationFn: (id: number) => api.call(staffLogsApi.retryMail, { params: { id: String(id) } }),
  });
}

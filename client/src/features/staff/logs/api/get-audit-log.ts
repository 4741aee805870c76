import { staffLogsApi } from '../../../../../../shared/contract/staff-logs';
import { ApiError } from '../../../../api/client';
import { usePagedList } from '../../api/paged-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

export interface LogFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: LogFilters = { actor: '', action: '', from: '', to: '' };

/** The audit log for the applied filters (GET /api/admin/logs, 50 a page, each after the last row shown); 'Charger plus' adds the next page. */
export function useAuditLog(filters: LogFilters) {
  const api = useStaffApi();
  const list = usePagedList(staffKeys.auditLog(filters), async (after, signal) => {
    // The filters left empty are not sent (callApi leaves empty values out of the query).
    const answer = await api.call(staffLogsApi.auditLog, { query: { ...filters, after } }, { signal });
    return { items: answer.entries, next: answer.next };
  });
  const { state } = list;
  // The fields of filters the server refused (400); null for any other failure.
  const invalidFields =
    state.status === 'failed' && state.error instanceof ApiError && state.error.status === 400
      ? Object.keys(state.error.fields ?? {})
      : null;
  return { ...list, invalidFields };
}

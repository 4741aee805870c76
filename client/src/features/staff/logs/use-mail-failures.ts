import { useCallback } from 'react';
import { staffLogsApi } from '../../../../../shared/contract/staff-logs';
import type { MailFailureDto } from '../../../../../shared/schemas/mail-failures';
import { usePagedList } from '../use-paged-list';
import { useStaffApi } from '../use-staff-api';

/** The mails that did not leave (GET /api/admin/mail-failures, 50 a page, each after the last row shown) and 'Renvoyer'. */
export function useMailFailures() {
  const api = useStaffApi();
  const fetchPage = useCallback(
    async (after: number | undefined) => {
      const answer = await api.call(staffLogsApi.mailFailures, { query: { after } });
      return { items: answer.mails, next: answer.next };
    },
    [api],
  );
  const list = usePagedList(fetchPage);
  const { updateItems } = list;

  /** Sends the mail again; it leaves the list (it is back in line), and comes back if it fails again. */
  const resend = useCallback(
    async (mail: MailFailureDto) => {
      await api.call(staffLogsApi.retryMail, { params: { id: String(mail.id) } });
      updateItems((items) => items.filter((item) => item.id !== mail.id));
    },
    [api, updateItems],
  );
  return { ...list, resend };
}

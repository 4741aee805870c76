import { staffLogsApi } from '../../../../../../shared/contract/staff-logs';
import type { MailFailureDto } from '../../../../../../shared/schemas/mail-failures';
import { usePagedList } from '../../api/paged-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';
import { useRetryMail } from './retry-mail';

/** The mails that did not leave (GET /api/admin/mail-failures, 50 a page, each after the last row shown) and 'Renvoyer'. */
export function useMailFailures() {
  const api = useStaffApi();
  const list = usePagedList(staffKeys.mailFailures, async (after, signal) => {
    const answer = await api.call(staffLogsApi.mailFailures, { query: { after } }, { signal });
    return { items: answer.mails, next: answer.next };
  });
  const { updateItems } = list;
  const retryMail = useRetryMail();

  /** Sends the mail again; it leaves the list (it is back in line), and comes back if it fails again. */
  const resend = async (mail: MailFailureDto) => {
    await retryMail.mutateAsync(mail.id);
    await updateItems((items) => items.filter((item) => item.id !== mail.id));
  };
  return { ...list, resend };
}

import { useCallback, useRef, useState } from 'react';
import { downloadFile } from '../../../api/download';
import { ApiError } from '../../../api/client';
import { useStaff } from '../staff-context';
import { STAFF_TOKEN_REQUIRED } from '../use-staff-api';

/**
 * Back-office file downloads (a document's PDF or UBL, the accountant's zip), with the staff token.
 * `busy` holds the keys being fetched, one fetch per key at a time; a 401 `staff_token_required`
 * brings the password screen back like any staff call. Resolves to whether the file was saved.
 */
export function useStaffDownload() {
  const { adminToken, expire } = useStaff();
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const inFlight = useRef(new Set<string>());

  const download = useCallback(
    async (key: string, url: string, fileName: string): Promise<boolean> => {
      if (inFlight.current.has(key)) return false;
      const mark = (on: boolean) => {
        if (on) inFlight.current.add(key);
        else inFlight.current.delete(key);
        setBusy(new Set(inFlight.current));
      };
      mark(true);
      try {
        await downloadFile(url, fileName, { token: adminToken });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401 && error.error === STAFF_TOKEN_REQUIRED) expire();
        throw error;
      } finally {
        mark(false);
      }
    },
    [adminToken, expire],
  );

  return { busy, download };
}

import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useDialogs } from '../../ui/dialogs/dialog-context';

/** The key of one file of one row: a row may fetch its PDF and its XML, each once at a time. */
export const downloadKey = (id: number, format: string) => `${id}:${format}`;

/**
 * Fetches files with the bearer and saves them; `downloading` holds the keys being fetched (one
 * fetch per key at a time). A failure is an alert with `errorKey`'s text (spec §8).
 */
export function useFileDownloads(errorKey: string) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const { token } = useAuthedApi();
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(() => new Set());
  const inFlight = useRef(new Set<string>());

  const download = useCallback(
    async (key: string, url: string, fileName: string) => {
      if (inFlight.current.has(key)) return;
      const mark = (busy: boolean) => {
        if (busy) inFlight.current.add(key);
        else inFlight.current.delete(key);
        setDownloading(new Set(inFlight.current));
      };
      mark(true);
      try {
        await downloadFile(url, fileName, { token });
      } catch {
        void dialogs.alert(t(errorKey));
      } finally {
        mark(false);
      }
    },
    [token, t, errorKey, dialogs],
  );

  return { downloading, download };
}

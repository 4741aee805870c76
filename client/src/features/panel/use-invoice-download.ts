import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { invoiceFileName, invoicePdfUrl } from './panel-api';

/**
 * 'Télécharger': fetches an order's PDF with the bearer and saves it as facture_{id}.pdf. Each
 * row downloads once at a time; a failure is the spec's alert (§8).
 */
export function useInvoiceDownload() {
  const { t } = useTranslation();
  const { token } = useAuthedApi();
  const [downloading, setDownloading] = useState<ReadonlySet<number>>(() => new Set());
  const inFlight = useRef(new Set<number>());

  const download = useCallback(
    async (orderId: number) => {
      if (inFlight.current.has(orderId)) return;
      const mark = (busy: boolean) => {
        if (busy) inFlight.current.add(orderId);
        else inFlight.current.delete(orderId);
        setDownloading(new Set(inFlight.current));
      };
      mark(true);
      try {
        await downloadFile(invoicePdfUrl(orderId), invoiceFileName(orderId), { token });
      } catch {
        window.alert(t('panel.invoices.downloadError'));
      } finally {
        mark(false);
      }
    },
    [token, t],
  );

  return { downloading, download };
}

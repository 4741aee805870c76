import { useCallback } from 'react';
import type { DocumentFormat } from '../../../../shared/schemas/billing-documents';
import { invoiceFileName, invoiceFileUrl } from './panel-api';
import { downloadKey, useFileDownloads } from './use-file-downloads';

/**
 * 'Télécharger': an order's PDF saved as facture_{id}.pdf; 'UBL (XML)': an issued invoice's
 * e-invoice saved as facture_{id}.xml. `downloading` holds downloadKey(orderId, format).
 */
export function useInvoiceDownload() {
  const { downloading, download: fetchFile } = useFileDownloads('panel.invoices.downloadError');
  const download = useCallback(
    (orderId: number, format: DocumentFormat = 'pdf') =>
      fetchFile(downloadKey(orderId, format), invoiceFileUrl(orderId, format), invoiceFileName(orderId, format)),
    [fetchFile],
  );
  return { downloading, download };
}

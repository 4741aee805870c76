import { useCallback } from 'react';
import type { DocumentFormat } from '../../../../shared/schemas/billing-documents';
import { invoiceFileName, invoiceFileUrl } from './panel-api';
import { downloadKey, useFileDownloads } from './use-file-downloads';

/**
 * 'Télécharger': an order's PDF, 'UBL (XML)': an issued invoice's e-invoice, each saved under the
 * server's name (its number: facture_2026-000006.pdf). `downloading` holds downloadKey(orderId, format).
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

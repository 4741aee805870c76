// What the client panel's calls share beyond the contract (shared/contract/{orders,wallet,vps,invoices}.ts).
import { invoicesApi } from '../../../../shared/contract/invoices';
import { urlOf } from '../../api/call';

/** An order's PDF: the invoice once paid, a pro forma before (fetched with the bearer, not JSON). */
export const invoicePdfUrl = (orderId: number) => urlOf(invoicesApi.pdf, { params: { id: String(orderId) } });
/** The name the PDF is saved under (spec §7). */
export const invoiceFileName = (orderId: number) => `facture_${orderId}.pdf`;

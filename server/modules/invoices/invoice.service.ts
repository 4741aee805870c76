import type { Knex } from 'knex';
import type { Role } from '../../../shared/constants';
import { NotFoundError } from '../../http/errors';
import { findUserById, type UserRow } from '../auth/users.repo';
import type { BankAccount } from '../checkout/bank-transfer.service';
import { findCustomerOrder, findOrder, linesByOrder } from '../orders/orders.repo';
import { draftInvoiceData, type Seller } from './draft-invoice';
import { renderDocumentPdf } from './invoice-document';
import { renewalPeriod } from '../billing-cycle/renewal-period';

/** Staff read any customer's invoice (support answers billing questions); customers only their own. */
const STAFF_ROLES: readonly Role[] = ['support', 'manager', 'admin'];

export interface InvoiceFile {
  fileName: string;
  pdf: Buffer;
}

export function createInvoiceService(deps: { db: Knex; seller: Seller; bank: BankAccount }) {
  const { db, seller, bank } = deps;

  /** The order's invoice (pro forma while unpaid), in its buyer's language whoever reads it. */
  async function invoicePdf(viewer: UserRow, orderId: number): Promise<InvoiceFile> {
    const order = STAFF_ROLES.includes(viewer.role) ? await findOrder(db, orderId) : await findCustomerOrder(db, viewer.id, orderId);
    // A foreign order answers exactly like a missing one.
    if (!order) throw NotFoundError('No such order');
    const buyer = order.user_id === viewer.id ? viewer : await findUserById(db, order.user_id);
    if (!buyer) throw NotFoundError('No such order');
    const lines = (await linesByOrder(db, [order.id])).get(order.id) ?? [];
    const servicePeriod = await renewalPeriod(db, order);
    const data = draftInvoiceData({ order, lines, buyer, seller, bank, now: new Date(), servicePeriod });
    return { fileName: `facture_${order.id}.pdf`, pdf: await renderDocumentPdf(data) };
  }

  return { invoicePdf };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;

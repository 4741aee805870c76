import type { Knex } from 'knex';

// Which of a customer's invoices went through Peppol: the orders module owns this port and the
// e-invoice module implements it (from each invoice's frozen buyer), wired in app.ts, so the order
// pages say so without orders importing the module that imports them.

/** The Peppol recipient (0208:0403170701) of each of these orders' invoices that goes by Peppol, by order id. */
export type InvoicePeppolRecipients = (db: Knex, orderIds: readonly number[]) => Promise<Map<number, string>>;

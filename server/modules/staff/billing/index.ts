import { Router } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { StaffGuards } from '../../../http/require-staff';
import type { JobQueue } from '../../../jobs/job-queue';
import { bindDb } from '../../../shared/bind-db';
import type { DocumentIssuer } from '../../invoices/document-issuer';
import type { Documents } from '../../invoices/documents.service';
import type { Mailer } from '../../mail/mail.service';
import type { StaffOrders } from '../orders/staff-orders.service';
import { staffAutoRenewalsRoutes } from './auto-renewals.routes';
import { staffAutoRenewals } from './auto-renewals.service';
import { billingDocumentsRoutes } from './billing-documents.routes';
import { billingPage } from './billing-list.service';
import { staffBillingRoutes } from './staff-billing.routes';
import { refundOrder } from './staff-billing.service';
import { unusualPaymentsRoutes } from './unusual-payments.routes';
import { unusualPaymentsPage } from './unusual-payments.service';

export interface StaffBillingModuleDeps {
  db: Knex;
  guards: StaffGuards;
  clock: Clock;
  /** Refunds to the payment method are sent by a job after the commit. */
  jobs: JobQueue;
  /** Each refund's credit note. */
  documents: DocumentIssuer;
  /** The customer's mail when a refund ends an undelivered order. */
  mailer: Mailer;
  orders: Pick<StaffOrders, 'markPaid' | 'cancel'>;
  /** Issued invoices and credit notes, their files and the accountant's export. */
  billingDocuments: Documents;
}

/** Back-office category 4 "Facturation": orders to collect, refunds, documents, unusual payments, auto-renewals. */
export function staffBillingModule({ db, guards, clock, jobs, documents, mailer, orders, billingDocuments }: StaffBillingModuleDeps) {
  const refundDeps = { jobs, documents, clock, mailer };
  const billing = {
    page: bindDb(db, billingPage),
    refund: (...args: Parameters<typeof refundOrder> extends [unknown, unknown, ...infer Rest] ? Rest : never) =>
      refundOrder(db, refundDeps, ...args),
  };
  const routes = Router();
  routes.use(staffBillingRoutes({ billing, guards, orders }));
  routes.use(billingDocumentsRoutes({ guards, documents: billingDocuments }));
  routes.use(unusualPaymentsRoutes({ unusualPayments: { page: bindDb(db, unusualPaymentsPage) }, guards }));
  routes.use(staffAutoRenewalsRoutes({ autoRenewals: { list: (query) => staffAutoRenewals(db, clock, query) }, guards }));
  return { routes };
}

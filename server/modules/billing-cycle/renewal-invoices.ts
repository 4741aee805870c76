import { addDays, FIRST_CHARGE_DAYS, RENEWAL_NOTICE_DAYS, SUSPEND_AFTER_DAYS } from '../../../shared/billing/service-period';
import { transitionOrder } from '../orders/order-lifecycle';
import { copyOrderLines, findOrder } from '../orders/orders.repo';
import { lockServiceVps, renewalExists, servicesNeedingRenewal } from './billing.repo';
import { queueBillingNotice } from './billing-notice';
import { forEachCandidate, type BillingContext } from './step-context';

/**
 * Renewal invoices, 7 days before a service expires: an unpaid order repeating the service order
 * (its lines, prices and VAT treatment), due on the expiry date, payable from the panel; the
 * lifecycle's `renewal_issued` event, dated by the billing clock. The machine row is locked and the
 * absence of an invoice checked again under the lock; a unique index on (service order, due date)
 * is the last guard. Two workers issue one invoice.
 */
export async function issueRenewalInvoices(ctx: BillingContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await servicesNeedingRenewal(ctx.db, addDays(now, RENEWAL_NOTICE_DAYS));
  let issued = 0;
  await forEachCandidate(ctx, 'renewal.issue', due, async (candidate) => {
    const mailId = await ctx.db.transaction(async (trx) => {
      const vps = await lockServiceVps(trx, candidate.id);
      if (!vps || !['assigned', 'suspended'].includes(vps.state)) return null;
      if (await renewalExists(trx, vps.order_id, vps.expires_at)) return null;

      const service = (await findOrder(trx, vps.order_id))!;
      const { order: renewal } = await transitionOrder(trx, {
        event: 'renewal_issued',
        actor: null,
        clock: ctx.clock,
        values: {
          user_id: service.user_id,
          os: service.os,
          subtotal_cents: service.subtotal_cents,
          tax_rate: service.tax_rate,
          tax_cents: service.tax_cents,
          total_cents: service.total_cents,
          currency: service.currency,
          vat_scheme: service.vat_scheme,
          buyer_vat_number: service.buyer_vat_number,
          vat_legal_basis: service.vat_legal_basis,
          tax_country: service.tax_country,
          vat_evidence: service.vat_evidence,
          renewal_of_order_id: service.id,
          due_at: vps.expires_at,
        },
        audit: {
          after: { renewalOf: service.id, vpsId: vps.id, dueAt: vps.expires_at.toISOString(), totalCents: service.total_cents },
        },
      });
      await copyOrderLines(trx, service.id, renewal.id);
      issued += 1;
      // Automatic renewal (issue 21): the mail says when and how the invoice will be paid on its own.
      const plan = await ctx.autoChargePlan(trx, {
        userId: service.user_id,
        vpsId: vps.id,
        totalCents: service.total_cents,
        currency: service.currency,
      });
      return queueBillingNotice(trx, ctx.mailer, service.user_id, {
        template: 'renewalInvoice',
        vars: ({ date, money, text }) => ({
          ...(plan && {
            autoCharge: text(`mail.renewalInvoice.autoCharge.${plan.from}`, {
              date: date(addDays(vps.expires_at, -FIRST_CHARGE_DAYS)),
              method: plan.method ?? '',
            }),
          }),
          serviceName: vps.service_name,
          orderId: String(renewal.id),
          amount: money(service.total_cents, service.currency),
          dueDate: date(vps.expires_at),
          suspendDate: date(addDays(vps.expires_at, SUSPEND_AFTER_DAYS)),
          suspendDays: String(SUSPEND_AFTER_DAYS),
        }),
        details: [
          ['service', 'serviceName'],
          ['order', 'orderId'],
          ['amount', 'amount'],
          ['dueDate', 'dueDate'],
          ...(plan ? ([['autoCharge', 'autoCharge']] as const) : []),
        ],
        dedupeKey: `renewal-invoice-${renewal.id}`,
      });
    });
    if (mailId !== null) ctx.mailer.send([mailId]);
  });
  return issued;
}

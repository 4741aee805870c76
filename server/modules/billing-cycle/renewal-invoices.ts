import { addDays, FIRST_CHARGE_DAYS, RENEWAL_NOTICE_DAYS, SUSPEND_AFTER_DAYS } from '../../../shared/billing/service-period';
import { transitionOrder } from '../orders/order-lifecycle';
import { copyOrderLines, findOrder } from '../orders/orders.repo';
import { lockService } from '../services/services.repo';
import { renewalExists, renewingServiceNames, servicesNeedingRenewal, type BilledServiceRow } from './billing.repo';
import { queueBillingNotice } from './billing-notice';
import { forEachCandidate, type BillingContext } from './step-context';

/**
 * Renewal invoices, 7 days before a service order's services expire (they share one period): an
 * unpaid order repeating the service order (its lines, prices and VAT treatment), due on the expiry
 * date, payable from the panel; the lifecycle's `renewal_issued` event, dated by the billing clock.
 * Services whose customer asked to end them at term renew nothing, so an order all of whose
 * services end gets no invoice. One service of the order is locked and the absence of an invoice
 * checked again under the lock; a unique index on (service order, due date) is the last guard. Two
 * workers issue one invoice.
 */
export async function issueRenewalInvoices(ctx: BillingContext): Promise<number> {
  const now = ctx.clock.now();
  const due = firstOfEachOrder(await servicesNeedingRenewal(ctx.db, addDays(now, RENEWAL_NOTICE_DAYS)));
  const names = await renewingServiceNames(
    ctx.db,
    due.map((s) => s.order_id),
  );
  let issued = 0;
  await forEachCandidate(ctx, 'renewal.issue', due, async (candidate) => {
    const mailId = await ctx.db.transaction(async (trx) => {
      const locked = await lockService(trx, candidate.id);
      if (!locked || !['active', 'suspended'].includes(locked.status) || locked.end_at_term_requested_at || !locked.expires_at) return null;
      const expiresAt = locked.expires_at;
      if (await renewalExists(trx, locked.order_id, expiresAt)) return null;

      const service = (await findOrder(trx, locked.order_id))!;
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
          due_at: expiresAt,
        },
        audit: {
          after: {
            renewalOf: service.id,
            serviceId: locked.id,
            vpsId: locked.vps_id,
            dueAt: expiresAt.toISOString(),
            totalCents: service.total_cents,
          },
        },
      });
      await copyOrderLines(trx, service.id, renewal.id);
      issued += 1;
      // Automatic renewal (issue 21): the mail says when and how the invoice will be paid on its own.
      const plan = await ctx.autoChargePlan(trx, {
        userId: service.user_id,
        vpsId: locked.vps_id,
        totalCents: service.total_cents,
        currency: service.currency,
      });
      return queueBillingNotice(trx, ctx.mailer, service.user_id, {
        template: 'renewalInvoice',
        vars: ({ date, money, text }) => ({
          ...(plan && {
            autoCharge: text(`mail.renewalInvoice.autoCharge.${plan.from}`, {
              date: date(addDays(expiresAt, -FIRST_CHARGE_DAYS)),
              method: plan.method ?? '',
            }),
          }),
          serviceName: names.get(candidate.order_id) ?? '',
          orderId: String(renewal.id),
          amount: money(service.total_cents, service.currency),
          dueDate: date(expiresAt),
          suspendDate: date(addDays(expiresAt, SUSPEND_AFTER_DAYS)),
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

/** Every service of an order shares its period and its invoice: one candidate per order, its first service. */
function firstOfEachOrder(services: BilledServiceRow[]): BilledServiceRow[] {
  const seen = new Set<number>();
  return services.filter((s) => !seen.has(s.order_id) && seen.add(s.order_id));
}

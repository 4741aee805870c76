import type { Knex } from 'knex';
import type { OrderStatus } from '../../../shared/constants';
import type { Clock } from '../../clock/clock';
import type { HttpError } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import type { CreditInput, DocumentIssuer, IssuedDocument } from './ports/document-issuer';
import { OrderNotFound, OrderTransitionRefused } from './order-lifecycle.errors';
import { currentStatus, insertOrder, updateOrderIf, type OrderValues } from './order-lifecycle.repo';
import {
  CHANGE_RULES,
  CREATION_RULES,
  decideTransition,
  type ChangeEvent,
  type ChangeRule,
  type CreationEvent,
  type OrderFacts,
} from './order-transitions';
import type { OrderRow } from './orders.repo';

interface EventInput {
  /** Who did it: a user id, or null for the system (webhooks, billing sweeps). */
  actor: number | null;
  ip?: string;
  /** The event's time: its date column and updated_at. */
  clock: Clock;
  /** Extra audit fields beside the status (before and after), e.g. the agent, the invoice number. */
  audit?: { before?: Record<string, unknown>; after?: Record<string, unknown> };
  /** Queues the event's mail in the same transaction; the caller sends it once committed. */
  mail?: (trx: Knex, order: OrderRow) => Promise<number | null>;
}

export interface CreateOrderInput extends EventInput {
  event: CreationEvent;
  values: OrderValues & Pick<OrderRow, 'user_id' | 'subtotal_cents' | 'tax_rate' | 'tax_cents' | 'total_cents' | 'currency'>;
}

type ChangeTarget =
  /** The row the caller locked (FOR UPDATE) in this transaction: payment, cancel, confirm, refund. */
  | { order: OrderRow; orderId?: never }
  /**
   * No lock: one conditional UPDATE decides (take), so of two callers racing exactly one wins and
   * the other is refused. Only for events with a single `from` status, which the audit then names.
   */
  | { orderId: number; order?: never };

export type ChangeOrderInput = EventInput &
  ChangeTarget & {
    event: ChangeEvent;
    /** Columns the event writes besides status and its date (support_id, invoice_number...). */
    set?: OrderValues;
    /** The caller's own refusal (an endpoint whose code predates the lifecycle); default: the event's code. */
    refuse?: (from: OrderStatus) => HttpError;
    /** Issues the invoice (`paid`) or the credit note (`refunded`) in this transaction; required by those events. */
    documents?: DocumentIssuer;
    /** `refunded`: the money given back (VAT included), why, and where it went; the credit note says as much. */
    credit?: CreditInput;
  };

export interface OrderTransition {
  order: OrderRow;
  /** The status before the event; null for a creation. */
  from: OrderStatus | null;
  mailId: number | null;
  /** The invoice or credit note the event issued (null when it issues none, or a never-invoiced order is refunded). */
  document: IssuedDocument | null;
}

/**
 * The one way an order is created or changes status (DESIGN.md §6). In the caller's transaction:
 * checks the event against the transition table, writes the row (status, the event's date and
 * updated_at from the clock), one audit row with the status before and after, the event's mail,
 * and the billing document it issues: `paid` numbers the invoice, `refunded` a credit note for the
 * amount given back (documents are frozen there and rendered after the commit). A refused event throws a 409 (OrderTransitionRefused) and writes nothing; it is never a no-op.
 */
export function transitionOrder(trx: Knex, input: CreateOrderInput | ChangeOrderInput): Promise<OrderTransition> {
  return isCreation(input) ? create(trx, input) : change(trx, input);
}

/**
 * Refuses early, before a caller does other work for an event (takes a wallet balance, locks a
 * machine): the same verdict transitionOrder will reach on the same locked row.
 */
export function assertTransition(order: OrderFacts, event: ChangeEvent, refuse?: (from: OrderStatus) => HttpError): void {
  const verdict = decideTransition(order, event);
  if (!verdict.allowed) throw refusal(event, order.status, verdict.refusal, refuse);
}

/** Whether the event may happen to this order now (for callers that answer something else than an error). */
export function canTransition(order: OrderFacts, event: ChangeEvent): boolean {
  return decideTransition(order, event).allowed;
}

function refusal(event: ChangeEvent, from: OrderStatus, code: string, refuse?: (from: OrderStatus) => HttpError): HttpError {
  return refuse ? refuse(from) : new OrderTransitionRefused(event, from, code);
}

function isCreation(input: CreateOrderInput | ChangeOrderInput): input is CreateOrderInput {
  return input.event in CREATION_RULES;
}

async function create(trx: Knex, input: CreateOrderInput): Promise<OrderTransition> {
  const rule = CREATION_RULES[input.event];
  const at = input.clock.now();
  const order = await insertOrder(trx, { ...input.values, status: rule.to, created_at: at, updated_at: at });
  return record(trx, input, rule.action, null, order);
}

async function change(trx: Knex, input: ChangeOrderInput): Promise<OrderTransition> {
  const rule = CHANGE_RULES[input.event];
  const at = input.clock.now();
  const values = (to: OrderStatus, issued: OrderValues = {}) => ({
    ...input.set,
    ...issued,
    ...eventColumns(rule, at),
    status: to,
    updated_at: at,
  });

  if (input.order) {
    const from = input.order.status;
    const verdict = decideTransition(input.order, input.event);
    if (!verdict.allowed) throw refusal(input.event, from, verdict.refusal, input.refuse);
    const before = await issueBefore(trx, input, rule, at);
    const order = await updateOrderIf(trx, input.order.id, { status: from, requires: rule.requires ?? [] }, values(verdict.to, before.set));
    // The caller said it holds the lock: a row that moved meanwhile is a bug, not a refusal.
    if (!order) throw new Error(`order ${input.order.id} changed under its lock (${input.event})`);
    const document = before.document ?? (await issueAfter(trx, input, rule, order, at));
    return record(trx, withDocumentAudit(input, document), rule.action, from, order, document);
  }

  if (rule.issues) throw new Error(`${input.event} issues a document: it needs a locked order`);
  if (rule.from.length !== 1 || typeof rule.to === 'object') throw new Error(`${input.event} needs a locked order`);
  const from = rule.from[0]!;
  const to = rule.to === 'unchanged' ? from : rule.to;
  const order = await updateOrderIf(trx, input.orderId, { status: from, requires: rule.requires ?? [] }, values(to));
  if (!order) {
    // Another caller won the race, or the order was not in `from` (or missed a requirement).
    const now = await currentStatus(trx, input.orderId);
    if (!now) throw OrderNotFound();
    throw refusal(input.event, now, rule.refusal, input.refuse);
  }
  return record(trx, input, rule.action, from, order, null);
}

/**
 * `paid`: the invoice is numbered from the order as the event leaves it (payment method, provider
 * reference), and the order carries its number. Other events issue nothing before the update.
 */
async function issueBefore(
  trx: Knex,
  input: ChangeOrderInput & { order: OrderRow },
  rule: ChangeRule,
  at: Date,
): Promise<{ set: OrderValues; document: IssuedDocument | null }> {
  if (rule.issues !== 'invoice') {
    if (rule.issues === 'credit_note') {
      if (!input.credit) throw new Error(`${input.event} needs the amount credited`);
      return { set: { refunded_cents: input.order.refunded_cents + input.credit.amountCents }, document: null };
    }
    return { set: {}, document: null };
  }
  if (!input.documents) throw new Error(`${input.event} needs the document issuer`);
  const paying = { ...input.order, ...input.set, paid_at: at } as OrderRow;
  const document = await input.documents.issueInvoice(trx, paying, at);
  return { set: { invoice_number: document.number, invoiced_at: at }, document };
}

/** `refunded`: the credit note, once the order shows what was given back in all. */
async function issueAfter(trx: Knex, input: ChangeOrderInput, rule: ChangeRule, order: OrderRow, at: Date): Promise<IssuedDocument | null> {
  if (rule.issues !== 'credit_note') return null;
  if (!input.documents) throw new Error(`${input.event} needs the document issuer`);
  return input.documents.issueCreditNote(trx, order, input.credit!, at);
}

function withDocumentAudit<T extends EventInput>(input: T, document: IssuedDocument | null): T {
  if (!document) return input;
  const key = document.kind === 'invoice' ? 'invoiceNumber' : 'creditNoteNumber';
  return { ...input, audit: { before: input.audit?.before, after: { [key]: document.number, ...input.audit?.after } } };
}

function eventColumns(rule: ChangeRule, at: Date): OrderValues {
  const columns: Record<string, Date | null> = {};
  for (const column of rule.clears ?? []) columns[column] = null;
  if (rule.stamp) columns[rule.stamp] = at;
  return columns as OrderValues;
}

async function record(
  trx: Knex,
  input: EventInput,
  action: string,
  from: OrderStatus | null,
  order: OrderRow,
  document: IssuedDocument | null = null,
): Promise<OrderTransition> {
  await writeAudit(trx, {
    actorId: input.actor,
    action,
    entityType: 'order',
    entityId: order.id,
    before: { status: from, ...input.audit?.before },
    after: { status: order.status, ...input.audit?.after },
    ip: input.ip,
  });
  const mailId = input.mail ? await input.mail(trx, order) : null;
  return { order, from, mailId, document };
}

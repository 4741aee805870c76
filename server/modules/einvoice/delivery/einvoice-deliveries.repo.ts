import type { Knex } from 'knex';
import { readKeysetPage, type Keyset } from '../../../db/keyset';
import type { EinvoiceDeliveryStatus, EinvoiceStatusFilter } from '../../../../shared/schemas/einvoice-deliveries';
import type { AccessPointVerdict } from '../../../providers/peppol/types';
import type { PeppolId } from '../../../shared/peppol-ids';
import type { DocumentKind } from '../../invoices/billing-document';
import type { StoredValidation } from '../../invoices/billing-documents.repo';

// einvoice_deliveries (one row per document sent through Peppol) and its history. Sends and status
// checks hold a row by a claim (a token and an end time by the sender's clock), written in a short
// statement that commits at once: the access point is called with no transaction open.

export interface DeliveryRow {
  id: number;
  document_id: number;
  access_point: string | null;
  recipient_scheme: string;
  recipient_id: string;
  status: EinvoiceDeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  claimed_until: Date | null;
  claim_token: string | null;
  ap_document_id: string | null;
  last_error: string | null;
  rejection_reason: string | null;
  ap_verdict: AccessPointVerdict | null;
  status_checks: number;
  next_check_at: Date | null;
  queued_at: Date;
  sent_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A claimed row with what a send needs of its document. */
export interface ClaimedDelivery extends DeliveryRow {
  document_number: string;
  document_kind: DocumentKind;
  ubl_xml: string | null;
  validation: StoredValidation | null;
}

export interface Claim {
  token: string;
  now: Date;
  until: Date;
}

export interface DeliveryEvent {
  deliveryId: number;
  status: EinvoiceDeliveryStatus;
  detail?: string | null;
  actorId?: number | null;
  at: Date;
}

const clip = (text: string | null | undefined) => (text == null ? null : text.slice(0, 2000));

export function insertDeliveryEvent(db: Knex, event: DeliveryEvent): Promise<unknown> {
  return db('einvoice_delivery_events').insert({
    delivery_id: event.deliveryId,
    status: event.status,
    detail: clip(event.detail),
    actor_id: event.actorId ?? null,
    created_at: event.at,
  });
}

/** A new delivery; null when the document has one already (a second call for the same document). */
export async function insertDelivery(
  trx: Knex,
  delivery: { documentId: number; recipient: PeppolId; status: 'queued' | 'blocked'; now: Date },
): Promise<DeliveryRow | null> {
  const [row] = await trx('einvoice_deliveries')
    .insert({
      document_id: delivery.documentId,
      recipient_scheme: delivery.recipient.scheme,
      recipient_id: delivery.recipient.id,
      status: delivery.status,
      next_attempt_at: delivery.status === 'queued' ? delivery.now : null,
      queued_at: delivery.now,
      created_at: delivery.now,
      updated_at: delivery.now,
    })
    .onConflict('document_id')
    .ignore()
    .returning('*');
  return (row as DeliveryRow | undefined) ?? null;
}

/** The document's delivery, locked for the caller's transaction when asked. */
export function findDeliveryOfDocument(db: Knex, documentId: number, options: { lock?: boolean } = {}): Promise<DeliveryRow | undefined> {
  const query = db<DeliveryRow>('einvoice_deliveries').where({ document_id: documentId });
  if (options.lock) query.forUpdate();
  return query.first();
}

/** Back in line for a new round, due now (a blocked document now valid, or a staff resend). */
export async function requeueDelivery(trx: Knex, id: number, now: Date): Promise<DeliveryRow> {
  const [row] = await trx('einvoice_deliveries')
    .where({ id })
    .update({
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      claimed_until: null,
      claim_token: null,
      ap_document_id: null,
      last_error: null,
      rejection_reason: null,
      ap_verdict: null,
      status_checks: 0,
      next_check_at: null,
      queued_at: now,
      sent_at: null,
      delivered_at: null,
      updated_at: now,
    })
    .returning('*');
  return row as DeliveryRow;
}

const free = (q: Knex.QueryBuilder, now: Date) => q.whereNull('claimed_until').orWhere('claimed_until', '<=', now);

async function claimWhere(
  db: Knex,
  pick: Knex.QueryBuilder,
  claim: Claim,
  status: EinvoiceDeliveryStatus,
): Promise<ClaimedDelivery | undefined> {
  const [row] = (await db('einvoice_deliveries')
    .where('id', pick.limit(1).forUpdate().skipLocked())
    .update({ status, claimed_until: claim.until, claim_token: claim.token, updated_at: claim.now })
    .returning('id')) as { id: number }[];
  if (!row) return undefined;
  return db('einvoice_deliveries as d')
    .join('billing_documents as b', 'b.id', 'd.document_id')
    .where('d.id', row.id)
    .first('d.*', 'b.number as document_number', 'b.kind as document_kind', 'b.ubl_xml', 'b.validation');
}

/**
 * Claims one delivery to send, in one statement that commits at once: the given one if it is
 * queued (a first try, a resend), or else the most overdue queued one, or one whose sender died
 * while sending (its claim ran out). SKIP LOCKED: two senders take different rows.
 */
export function claimForSending(db: Knex, by: { id: number } | { dueAt: Date }, claim: Claim): Promise<ClaimedDelivery | undefined> {
  const pick = db('einvoice_deliveries')
    .select('id')
    .where((q) => free(q, claim.now));
  if ('id' in by) pick.where({ id: by.id, status: 'queued' });
  else
    pick
      .where((q) => q.where((w) => w.where('status', 'queued').where('next_attempt_at', '<=', by.dueAt)).orWhere('status', 'sending'))
      .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }]);
  return claimWhere(db, pick, claim, 'sending');
}

/** Claims one sent delivery whose status check is due (the status stays `sent`). */
export function claimForStatusCheck(db: Knex, dueAt: Date, claim: Claim): Promise<ClaimedDelivery | undefined> {
  const pick = db('einvoice_deliveries')
    .select('id')
    .where({ status: 'sent' })
    .where('next_check_at', '<=', dueAt)
    .where((q) => free(q, claim.now))
    .orderBy([{ column: 'next_check_at' }, { column: 'id' }]);
  return claimWhere(db, pick, claim, 'sent');
}

export type DeliveryChange = Partial<
  Pick<
    DeliveryRow,
    | 'status'
    | 'access_point'
    | 'attempts'
    | 'next_attempt_at'
    | 'ap_document_id'
    | 'last_error'
    | 'rejection_reason'
    | 'status_checks'
    | 'next_check_at'
    | 'sent_at'
    | 'delivered_at'
  >
> & { ap_verdict?: AccessPointVerdict | null };

/** Records a claimed try's or check's result and lets the row go; 0 when the claim ran out and another took it. */
export function releaseClaim(db: Knex, id: number, token: string, change: DeliveryChange, now: Date): Promise<number> {
  const { ap_verdict, last_error, rejection_reason, ...rest } = change;
  return db('einvoice_deliveries')
    .where({ id, claim_token: token })
    .update({
      ...rest,
      ...(ap_verdict !== undefined && { ap_verdict: ap_verdict === null ? null : JSON.stringify(ap_verdict) }),
      ...(last_error !== undefined && { last_error: clip(last_error) }),
      ...(rejection_reason !== undefined && { rejection_reason: clip(rejection_reason) }),
      claimed_until: null,
      claim_token: null,
      updated_at: now,
    });
}

/** A row of Billing's list: the delivery, its document and its customer. */
export interface DeliveryListRow extends DeliveryRow {
  document_number: string;
  document_kind: DocumentKind;
  issued_at: Date;
  customer_name: string | null;
  customer_email: string;
  validation: StoredValidation | null;
}

export interface DeliveryEventRow {
  delivery_id: number;
  status: EinvoiceDeliveryStatus;
  detail: string | null;
  actor_name: string | null;
  created_at: Date;
}

function listed(db: Knex) {
  return db('einvoice_deliveries as d')
    .join('billing_documents as b', 'b.id', 'd.document_id')
    .join('users as u', 'u.id', 'b.user_id')
    .select(
      'd.*',
      'b.number as document_number',
      'b.kind as document_kind',
      'b.issued_at',
      db.raw("b.data->'buyer'->>'name' AS customer_name"),
      'u.email as customer_email',
      'b.validation',
    );
}

/** Newest queued first, id breaking ties (index einvoice_deliveries_newest_idx and its status twin). */
const NEWEST_DELIVERIES: Keyset = { table: 'einvoice_deliveries', alias: 'd', keys: ['{t}.queued_at', '{t}.id'], direction: 'desc' };

/** One status's deliveries (or all), newest first, after the delivery `after` (keyset); the next page's cursor. */
export function listDeliveries(
  db: Knex,
  filter: { status: EinvoiceStatusFilter; after?: number; limit: number },
): Promise<{ rows: DeliveryListRow[]; next: number | null }> {
  const query = listed(db);
  if (filter.status !== 'all') query.where('d.status', filter.status);
  return readKeysetPage<DeliveryListRow>(query, NEWEST_DELIVERIES, filter.after, filter.limit);
}

export async function findListedDelivery(db: Knex, documentId: number): Promise<DeliveryListRow | undefined> {
  return (await listed(db).where('d.document_id', documentId).first()) as DeliveryListRow | undefined;
}

/** The history of these deliveries, oldest first. */
export function eventsOf(db: Knex, deliveryIds: number[]): Promise<DeliveryEventRow[]> {
  if (!deliveryIds.length) return Promise.resolve([]);
  return db('einvoice_delivery_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .whereIn('e.delivery_id', deliveryIds)
    .orderBy('e.id')
    .select('e.delivery_id', 'e.status', 'e.detail', 'u.full_name as actor_name', 'e.created_at');
}

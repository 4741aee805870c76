import type { Knex } from 'knex';
import { checkIn } from '../server/db/schema-helpers';

// Legal invoices (issue 16): VAT by place of supply on the order, numbered documents that never
// change once issued, and credit notes in their own gap-free series.
const VAT_SCHEMES = ['standard', 'reverse_charge', 'oss', 'outside_scope'];
const VAT_LEGAL_BASES = ['art196', 'art44', 'art59'];
const DOCUMENT_KINDS = ['invoice', 'credit_note'];

/** Columns an invoiced order keeps as they were when its number was given. */
const INVOICED_ORDER_COLUMNS = [
  'invoice_number',
  'invoiced_at',
  'user_id',
  'subtotal_cents',
  'tax_rate',
  'tax_cents',
  'total_cents',
  'currency',
  'vat_scheme',
  'buyer_vat_number',
  'vat_legal_basis',
  'vat_evidence',
];

/** What a document is: set once by the insert that numbers it. */
const DOCUMENT_FACTS = [
  'kind',
  'number',
  'order_id',
  'user_id',
  'corrects_document_id',
  'issued_at',
  'currency',
  'net_cents',
  'tax_cents',
  'total_cents',
  'payable_cents',
  'data',
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_vat_scheme_check');
  await knex.raw(checkIn('orders', 'vat_scheme', VAT_SCHEMES));
  await knex.schema.alterTable('orders', (t) => {
    t.text('vat_legal_basis'); // the article an order without VAT cites (art196 reverse charge, art44/art59 outside the EU)
    t.specificType('tax_country', 'char(2)'); // whose VAT was charged: the seller's, or the consumer's under OSS
    t.jsonb('vat_evidence'); // billing country, phone prefix and VIES answer when the order was placed
  });
  await knex.raw(checkIn('orders', 'vat_legal_basis', VAT_LEGAL_BASES));
  await knex.raw(
    `ALTER TABLE orders ADD CONSTRAINT orders_untaxed_without_vat CHECK (
       vat_scheme NOT IN ('reverse_charge', 'outside_scope') OR (tax_cents = 0 AND vat_legal_basis IS NOT NULL))`,
  );

  await knex.schema.createTable('credit_note_counters', (t) => {
    t.integer('year').primary();
    t.integer('last_number').notNullable();
  });

  await knex.schema.createTable('billing_documents', (t) => {
    t.increments('id');
    t.text('kind').notNullable();
    t.text('number').notNullable().unique();
    t.integer('order_id').notNullable().references('orders.id');
    t.integer('user_id').notNullable().references('users.id');
    t.integer('corrects_document_id').references('billing_documents.id');
    t.timestamp('issued_at', { useTz: true }).notNullable();
    t.specificType('currency', 'char(3)').notNullable();
    t.bigInteger('net_cents').notNullable();
    t.bigInteger('tax_cents').notNullable();
    t.bigInteger('total_cents').notNullable();
    /** Invoices: 0 once paid; credit notes: the money given back. */
    t.bigInteger('payable_cents').notNullable();
    t.jsonb('data').notNullable(); // BillingDocumentData: everything the PDF and the UBL print
    // Renderings, made after the commit from `data`: written once (the UBL again only while invalid).
    t.binary('pdf');
    t.text('ubl_xml');
    t.jsonb('validation');
    t.timestamp('rendered_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id']);
    t.index(['user_id', 'kind']);
    t.index(['issued_at']);
  });
  await knex.raw(checkIn('billing_documents', 'kind', DOCUMENT_KINDS));
  await knex.raw("CREATE UNIQUE INDEX billing_documents_one_invoice_per_order ON billing_documents (order_id) WHERE kind = 'invoice'");
  await knex.raw(
    `ALTER TABLE billing_documents ADD CONSTRAINT billing_documents_credit_note_corrects CHECK (
       (kind = 'credit_note') = (corrects_document_id IS NOT NULL))`,
  );
  await knex.raw(
    'ALTER TABLE billing_documents ADD CONSTRAINT billing_documents_amounts CHECK (net_cents >= 0 AND tax_cents >= 0 AND payable_cents >= 0)',
  );

  // The law, in the database: a numbered document is never changed nor deleted, whatever the code does.
  const changed = (columns: string[]) => columns.map((c) => `NEW.${c} IS DISTINCT FROM OLD.${c}`).join(' OR ');
  await knex.raw(`
    CREATE FUNCTION billing_documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'billing document % is issued: it cannot be deleted', OLD.number USING ERRCODE = 'check_violation';
      END IF;
      IF ${changed(DOCUMENT_FACTS)} THEN
        RAISE EXCEPTION 'billing document % is issued: correct it with a credit note', OLD.number USING ERRCODE = 'check_violation';
      END IF;
      IF OLD.pdf IS NOT NULL AND NEW.pdf IS DISTINCT FROM OLD.pdf THEN
        RAISE EXCEPTION 'billing document %: its PDF is final', OLD.number USING ERRCODE = 'check_violation';
      END IF;
      IF OLD.ubl_xml IS NOT NULL AND coalesce(OLD.validation->>'valid', 'false') = 'true'
         AND (NEW.ubl_xml IS DISTINCT FROM OLD.ubl_xml OR NEW.validation IS DISTINCT FROM OLD.validation) THEN
        RAISE EXCEPTION 'billing document %: its valid UBL is final', OLD.number USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE TRIGGER billing_documents_immutable BEFORE UPDATE OR DELETE ON billing_documents
                  FOR EACH ROW EXECUTE FUNCTION billing_documents_immutable()`);

  await knex.raw(`
    CREATE FUNCTION orders_invoiced_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.invoice_number IS NOT NULL AND (${changed(INVOICED_ORDER_COLUMNS)}) THEN
        RAISE EXCEPTION 'order % is invoiced (%): its amounts and buyer are final', OLD.id, OLD.invoice_number USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE TRIGGER orders_invoiced_immutable BEFORE UPDATE ON orders
                  FOR EACH ROW EXECUTE FUNCTION orders_invoiced_immutable()`);

  await knex.raw(`
    CREATE FUNCTION order_lines_invoiced_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE line_order integer := CASE WHEN TG_OP = 'INSERT' THEN NEW.order_id ELSE OLD.order_id END;
    BEGIN
      IF EXISTS (SELECT 1 FROM orders WHERE id = line_order AND invoice_number IS NOT NULL) THEN
        RAISE EXCEPTION 'order % is invoiced: its lines are final', line_order USING ERRCODE = 'check_violation';
      END IF;
      RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    END $$`);
  await knex.raw(`CREATE TRIGGER order_lines_invoiced_immutable BEFORE INSERT OR UPDATE OR DELETE ON order_lines
                  FOR EACH ROW EXECUTE FUNCTION order_lines_invoiced_immutable()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER order_lines_invoiced_immutable ON order_lines');
  await knex.raw('DROP FUNCTION order_lines_invoiced_immutable()');
  await knex.raw('DROP TRIGGER orders_invoiced_immutable ON orders');
  await knex.raw('DROP FUNCTION orders_invoiced_immutable()');
  await knex.schema.dropTable('billing_documents');
  await knex.raw('DROP FUNCTION billing_documents_immutable()');
  await knex.schema.dropTable('credit_note_counters');
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_untaxed_without_vat');
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_vat_legal_basis_check');
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('vat_legal_basis');
    t.dropColumn('tax_country');
    t.dropColumn('vat_evidence');
  });
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_vat_scheme_check');
  await knex.raw(checkIn('orders', 'vat_scheme', ['standard', 'reverse_charge']));
}

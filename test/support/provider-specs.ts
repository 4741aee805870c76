// The providers' official API descriptions, pinned in ../shared/providers (README there), as
// validators: a fake's body that one of them refuses is a fake that drifted from the provider.
// OpenAPI 3.0 (PayPal) is JSON Schema draft 7 plus `nullable`; 3.1 (Mollie) is 2020-12. Formats
// are not checked (the fakes' dates and URLs are built, not typed by hand).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';

export const PROVIDER_SPECS_DIR = process.env.PROVIDER_SPECS_DIR ?? join(process.cwd(), '..', 'shared', 'providers');

/** Whether the pinned descriptions are there (a test skips, saying so, when they are not). */
export const providerSpecsPresent = () => existsSync(join(PROVIDER_SPECS_DIR, 'paypal-orders-v2.json'));

const read = (file: string) => readFileSync(join(PROVIDER_SPECS_DIR, file), 'utf8');

export interface SpecCheck {
  /** The errors of `body` against the schema at `pointer` of `spec` (empty: valid). */
  errors(spec: string, pointer: string, body: unknown): string[];
}

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);

/**
 * Mollie's description types some fields `[string, 'null']` with an enum that leaves null out
 * (`method-response`): read literally, the `method: null` Mollie sends for a payment whose method
 * is not chosen yet would be refused. Where the type admits null, so does the enum.
 */
function nullableEnums(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableEnums);
  if (typeof node !== 'object' || node === null) return node;
  const schema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullableEnums(v)])) as Record<string, unknown>;
  const types = schema.type;
  if (Array.isArray(types) && types.includes('null') && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
  return schema;
}

/** Loads the OpenAPI documents once; `spec` is the file name (paypal-orders-v2.json, mollie-specs.yaml...). */
export function loadProviderSpecs(): SpecCheck {
  // PayPal's e-mail pattern is not valid with the `u` flag: patterns are read as plain RegExps.
  const options = { strict: false, validateSchema: false, validateFormats: false, allErrors: true, unicodeRegExp: false } as const;
  const draft7 = new Ajv(options);
  const draft2020 = new Ajv2020(options);
  for (const file of ['paypal-orders-v2.json', 'paypal-payments-v2.json', 'paypal-webhooks-v1.json']) {
    draft7.addSchema(JSON.parse(read(file)) as object, file);
  }
  draft2020.addSchema(nullableEnums(parse(read('mollie-specs.yaml'))) as object, 'mollie-specs.yaml');
  return {
    errors(spec, pointer, body) {
      const ajv = spec.endsWith('.yaml') ? draft2020 : draft7;
      const validate = ajv.getSchema(`${spec}#${pointer}`);
      if (!validate) throw new Error(`no schema ${spec}#${pointer}`);
      // What the fake answers on the wire: JSON, without undefined fields.
      return validate(JSON.parse(JSON.stringify(body))) ? [] : describe(validate.errors);
    },
  };
}

/** Stripe publishes example objects, not a schema offline: stripe-fixtures3.json by resource name. */
export function stripeFixture(resource: string): Record<string, unknown> {
  const fixtures = JSON.parse(read('stripe-fixtures3.json')) as { resources: Record<string, Record<string, unknown>> };
  const fixture = fixtures.resources[resource];
  if (!fixture) throw new Error(`no Stripe fixture ${resource}`);
  return fixture;
}

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * Where a fake's Stripe object differs from Stripe's own example: a field Stripe's object does
 * not have, or one of another JSON type (null is allowed where Stripe's example has a value,
 * since its fields are nullable, and the other way round). Nested objects are compared too.
 */
export function stripeDrift(body: Record<string, unknown>, fixture: Record<string, unknown>, path = ''): string[] {
  const drift: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const where = `${path}/${key}`;
    if (!(key in fixture)) {
      drift.push(`${where} is not a field of Stripe's object`);
      continue;
    }
    const expected = fixture[key];
    if (value === null || expected === null) continue;
    if (kind(value) !== kind(expected)) drift.push(`${where} is ${kind(value)}, Stripe's is ${kind(expected)}`);
    else if (kind(value) === 'object' && key !== 'metadata') {
      drift.push(...stripeDrift(value as Record<string, unknown>, expected as Record<string, unknown>, where));
    }
  }
  return drift;
}

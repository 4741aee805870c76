import { z } from 'zod';
import { pathOf, type Endpoint } from '../../shared/contract/endpoint';
import { idParam } from '../../shared/schemas/ids';

// The probes of test/api/contract-sweep.test.ts, built from an endpoint's declaration alone, so
// that every endpoint added to API_CONTRACT is swept without anyone writing a case for it.

/** Path ids no int4 row can have, or no number at all: each must be a 4xx, never a 5xx. */
export const BAD_IDS = ['2147483648', '99999999999999999999', '-1', '0', '1e3', 'abc'] as const;

/** Postgres text cannot hold U+0000: a value carrying it must be refused as bad input (400). */
export const NUL_TEXT = 'a\u0000b';

/** A field name to carry the NUL byte when a schema names none (a record, an array, an empty object). */
const FALLBACK_FIELD = 'text';

/** Arrays nested this deep: 48 kB of JSON, under the body limit, far past what any form sends. */
export const NESTED_DEPTH = 3000;

/** Days that do not exist, or fall outside what the shop stores (Postgres has no year 0; the export's zip ends in 2107). */
export const IMPOSSIBLE_DAYS = ['2026-02-31', '0000-00-00', '2999-12-31'] as const;

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
}

export interface Probe {
  label: string;
  path: string;
  query?: Record<string, string>;
  body?: Record<string, string>;
  /** JSON text sent as is (application/json), for a body no object literal can build cheaply. */
  rawBody?: string;
}

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The top-level property names of an object schema (every branch of a union), sorted. */
export function topLevelProperties(schema: z.ZodType): string[] {
  return Object.keys(topLevelSchemas(schema)).sort();
}

const branchesOf = (node: JsonSchema) => [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];

/** Each top-level property's JSON schema (the first branch of a union that names it). */
function topLevelSchemas(schema: z.ZodType): Record<string, JsonSchema> {
  const found: Record<string, JsonSchema> = {};
  const visit = (node: JsonSchema) => {
    for (const [name, property] of Object.entries(node.properties ?? {})) found[name] ??= property;
    for (const branch of branchesOf(node)) visit(branch);
  };
  visit(jsonSchemaOf(schema));
  return found;
}

/** The formats a property accepts, a union's branches included ('date', 'date-time'...). */
const formatsOf = (node: JsonSchema): string[] => [...(node.format ? [node.format] : []), ...branchesOf(node).flatMap(formatsOf)];

/** The top-level properties typed as a day or an instant, with the form a bad value takes for each. */
export function dateFields(schema: z.ZodType): { name: string; dayOnly: boolean }[] {
  return Object.entries(topLevelSchemas(schema))
    .map(([name, property]) => ({ name, formats: formatsOf(property) }))
    .filter(({ formats }) => formats.includes('date') || formats.includes('date-time'))
    .map(({ name, formats }) => ({ name, dayOnly: formats.includes('date') }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The `{name}` segments of the path, in order. */
export const pathParamNames = (declared: Pick<Endpoint, 'path'>) => [...declared.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

const fieldSchema = (declared: Endpoint, name: string): z.ZodType | undefined =>
  declared.params instanceof z.ZodObject ? (declared.params.shape[name] as z.ZodType | undefined) : undefined;

/**
 * Whether a path param names a row: `idParam` itself, anything that reads '1' as the number 1 and
 * refuses 'abc' (a hand-made number id the sweep must also hold to int4), or a param called `id` or
 * `…Id` whatever its schema (a plain string id would reach SQL as text).
 */
export function isIdParam(declared: Endpoint, name: string): boolean {
  if (name === 'id' || /Id$/.test(name)) return true;
  const field = fieldSchema(declared, name);
  if (!field) return false;
  if (field === idParam) return true;
  const one = field.safeParse('1');
  return one.success && one.data === 1 && !field.safeParse('abc').success;
}

/** A value the params schema accepts: '1' for an id (which may name no row), else an enum's first member or a word. */
function sampleFor(declared: Endpoint, name: string, others: Record<string, string>): string {
  const property = declared.params ? jsonSchemaOf(declared.params).properties?.[name] : undefined;
  const candidates = [isIdParam(declared, name) ? '1' : undefined, ...(property?.enum ?? []), property?.const, 'sample', 'abc', '1'];
  const accepted = candidates
    .filter((v): v is string => typeof v === 'string')
    .find((value) => {
      const result = declared.params?.safeParse({ ...others, [name]: value });
      return !result || result.success || !result.error.issues.some((issue) => issue.path[0] === name);
    });
  return accepted ?? 'sample';
}

/** Every path param filled with a value its schema accepts, so a request gets past the params check. */
export function validParams(declared: Endpoint): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of pathParamNames(declared)) params[name] = '1';
  for (const name of pathParamNames(declared)) params[name] = sampleFor(declared, name, params);
  return params;
}

/** One request per path id and bad value, the other params valid. */
export function badIdProbes(declared: Endpoint): Probe[] {
  const valid = validParams(declared);
  return pathParamNames(declared)
    .filter((name) => isIdParam(declared, name))
    .flatMap((name) => BAD_IDS.map((bad) => ({ label: `${name}=${bad}`, path: pathOf(declared, { ...valid, [name]: bad }) })));
}

/** One object per top-level property holding the NUL byte, then one with all of them at once. */
function nulObjects(schema: z.ZodType): { label: string; value: Record<string, string> }[] {
  const names = topLevelProperties(schema);
  const fields = names.length ? names : [FALLBACK_FIELD];
  const one = fields.map((name) => ({ label: name, value: { [name]: NUL_TEXT } }));
  const all = { label: fields.join('+'), value: Object.fromEntries(fields.map((name) => [name, NUL_TEXT])) };
  return fields.length > 1 ? [...one, all] : one;
}

export function nulBodyProbes(declared: Endpoint & { body: z.ZodType }): Probe[] {
  const path = pathOf(declared, validParams(declared));
  return nulObjects(declared.body).map(({ label, value }) => ({ label: `body ${label}`, path, body: value }));
}

export function nulQueryProbes(declared: Endpoint & { query: z.ZodType }): Probe[] {
  const path = pathOf(declared, validParams(declared));
  return nulObjects(declared.query).map(({ label, value }) => ({ label: `query ${label}`, path, query: value }));
}

/** One body whose first field (or a spare one) holds arrays nested NESTED_DEPTH deep. */
export function nestedBodyProbe(declared: Endpoint): Probe {
  const field = (declared.body && topLevelProperties(declared.body)[0]) || FALLBACK_FIELD;
  const rawBody = `{${JSON.stringify(field)}:${'['.repeat(NESTED_DEPTH)}"x"${']'.repeat(NESTED_DEPTH)}}`;
  return { label: `body ${field} nested ${NESTED_DEPTH} deep`, path: pathOf(declared, validParams(declared)), rawBody };
}

/** Each date-typed query or body field given each impossible day (as an instant where only instants are taken). */
export function impossibleDateProbes(declared: Endpoint): (Probe & { field: string })[] {
  const path = pathOf(declared, validParams(declared));
  const parts = [
    { part: 'query' as const, schema: declared.query },
    { part: 'body' as const, schema: declared.body },
  ];
  return parts.flatMap(({ part, schema }) =>
    !schema
      ? []
      : dateFields(schema).flatMap(({ name, dayOnly }) =>
          IMPOSSIBLE_DAYS.map((day) => {
            const value = dayOnly ? day : `${day}T00:00:00Z`;
            return { label: `${part} ${name}=${value}`, field: name, path, [part]: { [name]: value } };
          }),
        ),
  );
}

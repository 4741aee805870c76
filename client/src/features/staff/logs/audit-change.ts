// The 'Avant → Après' cell: an audit row's before/after objects as short "field: old → new" lines,
// readable in a table cell without opening anything.

const MAX_VALUE_LENGTH = 60;

/** A value as one short line: text as is, objects as compact JSON, long ones cut with '…'. */
export function shortValue(value: unknown): string {
  if (value === undefined) return '∅';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * One line per field named in before or after, in the order they first appear: "stock: 4 → 9",
 * "is_active: true → false"; a field only in after (a creation) reads "slug: ∅ → vps-debian".
 * A before or after that is not an object is shown whole.
 */
export function auditChangeLines(before: unknown, after: unknown): string[] {
  if (before == null && after == null) return [];
  const b = asRecord(before ?? {});
  const a = asRecord(after ?? {});
  if (!b || !a) return [`${shortValue(before ?? undefined)} → ${shortValue(after ?? undefined)}`];
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => `${field}: ${shortValue(b[field])} → ${shortValue(a[field])}`);
}

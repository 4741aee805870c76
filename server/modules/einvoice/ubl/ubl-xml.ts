import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

// Namespaces of UBL 2.1 and two helpers that write a prefixed element in them. Text is escaped
// by xmlbuilder2; an absent or empty value writes nothing (PEPPOL-EN16931-R008: no empty element).

export const UBL_NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

export type Node = XMLBuilder;

/** A basic component (cbc:Name) with its text; skipped when the value is null or blank. */
export function cbc(parent: Node, name: string, value: string | null | undefined, attributes?: Record<string, string>): void {
  if (value === null || value === undefined || value.trim() === '') return;
  parent.ele(UBL_NS.cbc, `cbc:${name}`, attributes).txt(value);
}

/** An aggregate component (cac:Name); the caller fills it. */
export function cac(parent: Node, name: string): Node {
  return parent.ele(UBL_NS.cac, `cac:${name}`);
}

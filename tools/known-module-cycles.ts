// Module imports that still close a cycle between server modules (issue 30): each is a debt to pay
// by a port the importing module's caller implements, or a shared type moved down. Remove a line
// once its import is gone; never add one (tools/module-cycles.ts refuses any other cycle).
export const KNOWN_MODULE_EDGES: readonly string[] = [
  'mail -> invoices',
  'invoices -> einvoice',
  'orders -> invoices',
  'orders -> payments',
  'billing-cycle -> payments',
  'billing-cycle -> renewal-charges',
  'two-factor -> staff',
];

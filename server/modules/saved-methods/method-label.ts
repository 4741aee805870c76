/** A saved method as the customer reads it: "visa •••• 4242", or the masked account of a mandate. */
export function methodLabelOf(method: { kind: string; brand: string | null; last4: string | null; bank_account: string | null }): string {
  if (method.kind === 'directdebit') return method.bank_account ?? '';
  return `${method.brand ?? ''} •••• ${method.last4 ?? ''}`.trim();
}

/** The client panel's lists in the query cache (services have their own keys, services-keys.ts). */
export const panelKeys = {
  vpsList: ['panel', 'vps'] as const,
  orders: ['panel', 'orders'] as const,
  creditNotes: ['panel', 'credit-notes'] as const,
  wallet: ['panel', 'wallet'] as const,
  paymentMethods: ['panel', 'payment-methods'] as const,
};

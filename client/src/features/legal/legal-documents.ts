// The order of each legal page's sections. The texts live in the locales under
// legal.<doc>.sections.<key>.{title,body}; a key listed here must exist in every language.
export const LEGAL_SECTIONS = {
  terms: [
    'scope',
    'services',
    'account',
    'orders',
    'delivery',
    'payment',
    'withdrawal',
    'availability',
    'use',
    'termination',
    'liability',
    'law',
    'changes',
  ],
  payment: ['prices', 'methods', 'bankTransfer', 'delivery', 'recurring', 'late', 'deletion', 'refunds', 'contact'],
  privacy: ['controller', 'data', 'purposes', 'recipients', 'transfers', 'retention', 'rights', 'security', 'cookies', 'changes'],
  notice: ['publisher', 'activity', 'hosting', 'intellectual', 'liability', 'law'],
  cookies: ['what', 'consent', 'storage', 'trackers', 'manage', 'contact'],
} as const;

export type LegalDoc = keyof typeof LEGAL_SECTIONS;

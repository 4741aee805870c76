// Spec §2: the home page's FAQ of seven items (texts under home.faq.items.<id>); also its FAQPage JSON-LD.
export const FAQ_ITEMS = ['delivery', 'payment', 'upgrade', 'ddos', 'backups', 'support', 'cancel'] as const;
export type FaqItemId = (typeof FAQ_ITEMS)[number];

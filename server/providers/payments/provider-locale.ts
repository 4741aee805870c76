// The provider's own page in the customer's language. Each provider spells locales its own way;
// Belgian variants for French and Dutch, the shop being Belgian.

const PAGE_LOCALES: Record<string, { stripe: string; mollie: string; paypal: string }> = {
  fr: { stripe: 'fr', mollie: 'fr_BE', paypal: 'fr-BE' },
  nl: { stripe: 'nl', mollie: 'nl_BE', paypal: 'nl-BE' },
  en: { stripe: 'en', mollie: 'en_US', paypal: 'en-US' },
  pl: { stripe: 'pl', mollie: 'pl_PL', paypal: 'pl-PL' },
};

export function providerLocale(language: string, provider: 'stripe' | 'mollie' | 'paypal'): string | undefined {
  return PAGE_LOCALES[language]?.[provider];
}

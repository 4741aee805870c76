import { DELETE_AFTER_DAYS, SUSPEND_AFTER_DAYS } from '../../../../shared/billing/service-period';

// The company's identity on the legal pages, kept in this one place. Placeholders until launch:
// replace them with the registered data (the VAT number only shows the Belgian format).
export const COMPANY = {
  name: 'HubHost SRL',
  address: "Rue de l'Exemple 1, 1000 Bruxelles",
  vatNumber: 'BE0XXX.XXX.XXX',
  email: 'contact@hubhost.example',
} as const;

/** Who hosts the site itself (legal notice). The company, unless it moves to a third-party host. */
export const SITE_HOST = {
  name: COMPANY.name,
  address: COMPANY.address,
} as const;

/** Shown as "last updated" on every legal page; change it with the texts. */
export const LEGAL_UPDATED_ON = '2026-11-21';

/**
 * The values the legal texts interpolate ({{company}}, {{vat}}…). The suspension and deletion delays
 * are the billing rules' own (issue 17): the terms cannot say other than what the jobs do.
 */
export const LEGAL_VALUES = {
  company: COMPANY.name,
  address: COMPANY.address,
  vat: COMPANY.vatNumber,
  email: COMPANY.email,
  hostName: SITE_HOST.name,
  hostAddress: SITE_HOST.address,
  suspendDays: SUSPEND_AFTER_DAYS,
  deleteDays: DELETE_AFTER_DAYS,
} as const;

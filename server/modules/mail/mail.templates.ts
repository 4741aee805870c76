import i18next, { type TFunction } from 'i18next';
import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/i18n/languages';

// The mails are written from the same locale files as the pages (namespace `mail`), in the
// recipient's language with French as the fallback.

const resources = Object.fromEntries(
  LANGUAGES.map((lng) => {
    const file = new URL(`../../../shared/locales/${lng}.json`, import.meta.url);
    return [lng, { translation: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> }];
  }),
);

const i18n = i18next.createInstance();
void i18n.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // Plain text out; the HTML body escapes every line itself.
  interpolation: { escapeValue: false },
});

export type MailTemplate =
  | 'verify'
  | 'reset'
  | 'orderReceived'
  | 'paymentReceived'
  | 'bankTransfer'
  | 'vpsDelivered'
  | 'ticketAnswered'
  | 'renewalInvoice'
  | 'renewalReminder'
  | 'renewalDue'
  | 'serviceSuspended'
  | 'serviceReactivated'
  | 'serviceTerminated'
  | 'reservationExpired'
  | 'invoiceIssued'
  | 'creditNoteIssued';

export interface MailVars {
  name: string;
  link: string;
  /** More values the template's texts interpolate (order number, amount …). */
  [key: string]: string;
}

/** Label key (under mail.<template>.details) and value, shown as a list under the paragraph. */
export type MailDetails = readonly (readonly [labelKey: string, value: string])[];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A mail with one call to action: greeting, paragraph, optional details (label: value), button
 * (link), closing line, signature.
 */
export function renderMail(template: MailTemplate, lng: Language, vars: MailVars, details: MailDetails = []): RenderedMail {
  const t: TFunction = i18n.getFixedT(lng);
  const brand = t('brand.name');
  const line = (key: string) => t(`mail.${template}.${key}`, { ...vars, brand });
  const detailLines = details.map(([label, value]) => [t(`mail.${template}.details.${label}`), value] as const);
  const subject = line('subject');
  const signature = t('mail.common.signature', { brand });

  const text = [
    line('greeting'),
    line('body'),
    ...(detailLines.length ? [detailLines.map(([label, value]) => `${label}${lng === 'fr' ? ' : ' : ': '}${value}`).join('\n')] : []),
    `${line('button')}${lng === 'fr' ? ' :' : ':'}\n${vars.link}`,
    line('ignore'),
    `${signature}\n-- \n${t('mail.common.automatic')}`,
  ].join('\n\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${lng}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5;">
<p>${e(line('greeting'))}</p>
<p>${e(line('body'))}</p>
${detailLines.length ? `<table style="border-collapse: collapse; margin: 8px 0 16px;">${detailLines.map(([label, value]) => `<tr><td style="padding: 4px 16px 4px 0; color: #6b7280;">${e(label)}</td><td style="padding: 4px 0; font-weight: bold;">${e(value)}</td></tr>`).join('')}</table>\n` : ''}<p><a href="${e(vars.link)}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #ffffff; text-decoration: none; border-radius: 6px;">${e(line('button'))}</a></p>
<p style="font-size: 13px;">${e(t('mail.common.linkHint'))}<br><a href="${e(vars.link)}">${e(vars.link)}</a></p>
<p>${e(line('ignore'))}</p>
<p>${e(signature)}</p>
<p style="font-size: 12px; color: #6b7280;">${e(t('mail.common.automatic'))}</p>
</body></html>
`;
  return { subject, text, html };
}

/** A text the server writes for a provider's page (the payment description), in the customer's language. */
export function serverText(lng: Language, key: string, vars: Record<string, string> = {}): string {
  const t: TFunction = i18n.getFixedT(lng);
  return t(key, { ...vars, brand: t('brand.name') });
}

import type { TFunction } from 'i18next';
import { BRAND_COLOURS } from '../../../shared/brand/brand';
import type { Language } from '../../../shared/i18n/languages';
import { escapeHtml } from '../../escape-html';
import { serverTranslator } from '../../i18n/server-text';

// The mails are written from the same locale files as the pages (namespace `mail`), in the
// recipient's language with French as the fallback.

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
  | 'renewalChargeDeclined'
  | 'renewalChargeAction'
  | 'cardExpiring'
  | 'serviceSuspended'
  | 'serviceReactivated'
  | 'serviceTerminated'
  | 'serviceEnded'
  | 'reservationExpired'
  | 'orderRefunded'
  | 'renewalPaid'
  | 'paymentRefunded'
  | 'invoiceIssued'
  | 'creditNoteIssued'
  | 'invoicePeppol'
  | 'creditNotePeppol'
  | 'passwordChanged'
  | 'emailChangeConfirm'
  | 'emailChangeNotice'
  | 'accountDeleted'
  | 'secondFactorEnabled'
  | 'secondFactorDisabled'
  | 'secondFactorReset'
  | 'accountClaimed'
  | 'gameServerDelivered'
  | 'deliveryNeedsStaff';

export interface MailVars {
  name: string;
  link: string;
  /** More values the template's texts interpolate (order number, amount …). */
  [key: string]: string;
}

/** Label key (under mail.<template>.details) and value, shown as a list under the paragraph. */
export type MailDetails = readonly (readonly [labelKey: string, value: string])[];

/** The company a mail's foot names (the seller's configuration). */
export interface MailSeller {
  name: string;
  address: string;
  vatNumber: string;
  email: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * A mail with one call to action: greeting, paragraph, optional details (label: value), button
 * (link), closing line, signature.
 */
export function renderMail(
  template: MailTemplate,
  lng: Language,
  vars: MailVars,
  details: MailDetails = [],
  seller?: MailSeller,
): RenderedMail {
  const t: TFunction = serverTranslator(lng);
  const brand = t('brand.name');
  const line = (key: string) => t(`mail.${template}.${key}`, { ...vars, brand });
  const detailLines = details.map(([label, value]) => [t(`mail.${template}.details.${label}`), value] as const);
  const subject = line('subject');
  const signature = t('mail.common.signature', { brand });
  const company = seller
    ? t('mail.common.company', { company: seller.name, address: seller.address, vat: seller.vatNumber, email: seller.email })
    : null;

  const text = [
    line('greeting'),
    line('body'),
    ...(detailLines.length ? [detailLines.map(([label, value]) => `${label}${lng === 'fr' ? ' : ' : ': '}${value}`).join('\n')] : []),
    `${line('button')}${lng === 'fr' ? ' :' : ':'}\n${vars.link}`,
    line('ignore'),
    `${signature}\n-- \n${t('mail.common.automatic')}${company ? `\n${company}` : ''}`,
  ].join('\n\n');

  const e = escapeHtml;
  const c = BRAND_COLOURS;
  const detailsHtml = detailLines.length
    ? `<table role="presentation" style="border-collapse: collapse; margin: 8px 0 16px;">${detailLines.map(([label, value]) => `<tr><td style="padding: 4px 16px 4px 0; color: ${c.muted};">${e(label)}</td><td style="padding: 4px 0; font-weight: bold; color: ${c.ink};">${e(value)}</td></tr>`).join('')}</table>\n`
    : '';
  const html = `<!doctype html>
<html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin: 0; padding: 0; background: #f5f7fb; font-family: Arial, sans-serif; color: ${c.ink}; line-height: 1.5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background: #f5f7fb;"><tr><td align="center" style="padding: 24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width: 600px; background: #ffffff; border: 1px solid ${c.border}; border-radius: 12px; overflow: hidden;">
${mailHeader(brand)}
<tr><td style="padding: 28px 28px 8px; font-size: 15px;">
<p>${e(line('greeting'))}</p>
<p>${e(line('body'))}</p>
${detailsHtml}<p><a href="${e(vars.link)}" style="display: inline-block; padding: 12px 20px; background: ${c.green}; color: ${c.greenInk}; font-weight: bold; text-decoration: none; border-radius: 8px;">${e(line('button'))}</a></p>
<p style="font-size: 13px; color: ${c.muted};">${e(t('mail.common.linkHint'))}<br><a href="${e(vars.link)}" style="color: ${c.greenText};">${e(vars.link)}</a></p>
<p>${e(line('ignore'))}</p>
<p>${e(signature)}</p>
</td></tr>
<tr><td style="padding: 14px 28px; border-top: 3px solid ${c.green}; background: ${c.greenSoft}; font-size: 12px; color: ${c.muted};">${e(t('mail.common.automatic'))}${company ? `<br>${e(company)}` : ''}</td></tr>
</table>
</td></tr></table>
</body></html>
`;
  return { subject, text, html };
}

/**
 * The mail's header: the site's navy band with the logo's green mark and the shop's name as text.
 * A text wordmark, not an image: Outlook and many webmails block remote images until the reader
 * allows them (a broken box instead of a logo), Gmail and Outlook drop inline SVG and data: URIs,
 * and an attached (cid:) logo weighs on every mail and shows as an attachment in some clients.
 * Table cells with bgcolor render in every client, images off and in dark mode.
 */
function mailHeader(brand: string): string {
  const c = BRAND_COLOURS;
  return `<tr><td bgcolor="${c.navy}" style="background: ${c.navy}; padding: 18px 28px; border-bottom: 3px solid ${c.green};">
<table role="presentation" cellpadding="0" cellspacing="0"><tr>
<td width="28" height="28" bgcolor="${c.green}" style="width: 28px; height: 28px; background: ${c.green}; border-radius: 8px; text-align: center; font-size: 16px; line-height: 28px; font-weight: bold; color: ${c.navy};">&#8801;</td>
<td style="padding-left: 10px; font-size: 20px; font-weight: bold; letter-spacing: 0.02em; color: #ffffff;">${escapeHtml(brand)}</td>
</tr></table>
</td></tr>`;
}

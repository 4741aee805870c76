import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { renderMail, type MailDetails, type MailTemplate } from './mail.templates';

// The billing notices with the vars and detail labels their callers pass.
const renewal = { serviceName: 'vps-alpha', orderId: '42', amount: '12,10 €', dueDate: '01/03/2027' };
const NOTICES: Record<string, { vars: Record<string, string>; details: MailDetails; shows: string[] }> = {
  orderReceived: {
    vars: { orderId: '42', amount: '12,10 €' },
    details: [
      ['order', '42'],
      ['product', 'VPS S'],
      ['amount', '12,10 €'],
    ],
    shows: ['42', '12,10 €'],
  },
  renewalInvoice: {
    // Numbers of days come from the billing rules' constants, never from the texts.
    vars: { ...renewal, suspendDays: '9' },
    details: [
      ['service', 'vps-alpha'],
      ['order', '42'],
      ['amount', '12,10 €'],
      ['dueDate', '01/03/2027'],
    ],
    shows: ['vps-alpha', '42', '01/03/2027', ' 9 '],
  },
  renewalReminder: {
    vars: { ...renewal, daysLeft: '4' },
    details: [
      ['service', 'vps-alpha'],
      ['order', '42'],
      ['amount', '12,10 €'],
      ['dueDate', '01/03/2027'],
    ],
    shows: ['vps-alpha', '12,10 €', '01/03/2027', ' 4 '],
  },
  renewalDue: {
    vars: { ...renewal, suspendDate: '08/03/2027' },
    details: [
      ['service', 'vps-alpha'],
      ['order', '42'],
      ['amount', '12,10 €'],
      ['dueDate', '01/03/2027'],
    ],
    shows: ['vps-alpha', '12,10 €', '08/03/2027'],
  },
  serviceSuspended: {
    vars: { serviceName: 'vps-alpha', orderId: '42', amount: '12,10 €', deletionDate: '07/04/2027' },
    details: [
      ['service', 'vps-alpha'],
      ['order', '42'],
      ['amount', '12,10 €'],
      ['deletionDate', '07/04/2027'],
    ],
    shows: ['vps-alpha', '12,10 €', '07/04/2027'],
  },
  serviceReactivated: {
    vars: { serviceName: 'vps-alpha', expiresAt: '01/04/2027' },
    details: [
      ['service', 'vps-alpha'],
      ['expiresAt', '01/04/2027'],
    ],
    shows: ['vps-alpha', '01/04/2027'],
  },
  serviceTerminated: {
    vars: { serviceName: 'vps-alpha', deleteDays: '45' },
    details: [['service', 'vps-alpha']],
    shows: ['vps-alpha', ' 45 '],
  },
  serviceEnded: {
    vars: { serviceName: 'vps-alpha', endedAt: '01/04/2027' },
    details: [
      ['service', 'vps-alpha'],
      ['endedAt', '01/04/2027'],
    ],
    shows: ['vps-alpha', '01/04/2027'],
  },
  reservationExpired: {
    vars: { orderId: '42', amount: '12,10 €' },
    details: [
      ['order', '#42'],
      ['product', 'VPS S'],
      ['amount', '12,10 €'],
    ],
    shows: ['42', '12,10 €', 'VPS S'],
  },
  paymentRefunded: {
    vars: { orderId: '42', amount: '12,10 €' },
    details: [
      ['order', '#42'],
      ['product', 'VPS S'],
      ['amount', '12,10 €'],
      ['reference', 're_3MtwBwLkdIwHu7ix'],
    ],
    shows: ['42', '12,10 €', 'VPS S', 're_3MtwBwLkdIwHu7ix'],
  },
};

describe('mail templates', () => {
  it.each(LANGUAGES.flatMap((lng) => (['verify', 'reset'] as const).map((template) => [lng, template] as const)))(
    'renders %s %s with every text found (no raw key, no placeholder left)',
    (lng, template) => {
      const mail = renderMail(template, lng, { name: 'Zoë', link: 'http://shop.test/x?token=abc' });
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/mail\.(verify|reset|common)\./);
        expect(part).not.toContain('{{');
      }
      expect(mail.text).toContain('Zoë');
      expect(mail.text).toContain('HubHost');
      expect(mail.text).toContain('http://shop.test/x?token=abc');
      expect(mail.html).toContain(`<html lang="${lng}">`);
    },
  );

  it.each(LANGUAGES.flatMap((lng) => Object.keys(NOTICES).map((template) => [lng, template] as const)))(
    'renders the %s %s notice with its vars and detail labels',
    (lng, template) => {
      const { vars, details, shows } = NOTICES[template]!;
      const link = 'http://shop.test/fr/PanelCLient?tab=factures';
      const mail = renderMail(template as MailTemplate, lng, { ...vars, name: 'Zoë', link }, details);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/mail\.\w+\./);
        expect(part).not.toContain('{{');
      }
      for (const value of [...shows, 'Zoë', link]) expect(mail.text).toContain(value);
      expect(mail.subject).toContain(['orderReceived', 'reservationExpired', 'paymentRefunded'].includes(template) ? '42' : 'vps-alpha');
      expect(mail.html).toContain(`<html lang="${lng}">`);
    },
  );

  it('writes each notice differently in each language', () => {
    for (const template of Object.keys(NOTICES)) {
      const { vars } = NOTICES[template]!;
      const bodies = LANGUAGES.map((lng) => renderMail(template as MailTemplate, lng, { ...vars, name: 'A', link: 'l' }).text);
      expect(new Set(bodies).size).toBe(4);
    }
  });

  it('differs by language, French being the fallback', () => {
    const subjects = LANGUAGES.map((lng) => renderMail('verify', lng, { name: 'A', link: 'l' }).subject);
    expect(new Set(subjects).size).toBe(4);
  });
});

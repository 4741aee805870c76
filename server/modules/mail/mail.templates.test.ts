import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { escapeHtml, renderMail } from './mail.templates';

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

  it('differs by language, French being the fallback', () => {
    const subjects = LANGUAGES.map((lng) => renderMail('verify', lng, { name: 'A', link: 'l' }).subject);
    expect(new Set(subjects).size).toBe(4);
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

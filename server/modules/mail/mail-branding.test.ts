import { describe, expect, it } from 'vitest';
import { BRAND_COLOURS } from '../../../shared/brand/brand';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { renderMail } from './mail.templates';

// Issue 17: the mails carry the shop's brand (its name on the site's navy, its green), no default blue.

describe.each(LANGUAGES)('a mail in %s', (lng) => {
  const mail = renderMail('verify', lng, { name: 'Zoë', link: 'http://shop.test/x?token=abc' });
  const header = /<tr><td bgcolor="([^"]+)"[^>]*>([\s\S]*?)<\/td><\/tr>\s*<tr><td style="padding: 28px/.exec(mail.html);

  it('opens with the brand header: navy band, green mark, the shop’s name', () => {
    expect(header?.[1]).toBe(BRAND_COLOURS.navy);
    expect(header?.[2]).toContain(`bgcolor="${BRAND_COLOURS.green}"`);
    expect(header?.[2]).toMatch(/>HubHost<\/td>/);
  });

  it('puts the call to action on the site’s green, with no image to block and no default blue', () => {
    expect(mail.html).toMatch(
      new RegExp(
        `<a href="http://shop.test/x\\?token=abc" style="[^"]*background: ${BRAND_COLOURS.green}; color: ${BRAND_COLOURS.greenInk}`,
      ),
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<svg');
    expect(mail.html.toLowerCase()).not.toContain('#2563eb');
  });
});

describe('the company behind the mail', () => {
  const seller = {
    name: 'Nordhost SRL',
    address: 'Rue Royale 1, 1000 Bruxelles',
    vatNumber: 'BE0456789034',
    email: 'contact@nordhost.test',
  };

  it('names the configured seller at the foot, in text and HTML, in the reader’s language', () => {
    const fr = renderMail('verify', 'fr', { name: 'Zoë', link: 'http://shop.test/x' }, [], seller);
    expect(fr.text).toContain('Nordhost SRL · Rue Royale 1, 1000 Bruxelles · TVA BE0456789034 · contact@nordhost.test');
    expect(fr.html).toContain('Nordhost SRL · Rue Royale 1, 1000 Bruxelles · TVA BE0456789034 · contact@nordhost.test');
    const nl = renderMail('verify', 'nl', { name: 'Zoë', link: 'http://shop.test/x' }, [], seller);
    expect(nl.text).toContain('btw BE0456789034');
  });
});

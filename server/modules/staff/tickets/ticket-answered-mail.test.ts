import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../shared/i18n/languages';
import { renderMail } from '../../mail/mail.templates';

describe('the ticketAnswered mail', () => {
  it.each(LANGUAGES)('renders in %s with the answer, the ticket and no raw key or placeholder', (lng) => {
    const mail = renderMail(
      'ticketAnswered',
      lng,
      { name: 'Zoë', link: 'http://shop.test/x/Support', ticketId: '42', subject: 'SSH', message: 'Réglé <b>!</b>' },
      [
        ['ticket', '#42'],
        ['subject', 'SSH'],
      ],
    );
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/mail\.(ticketAnswered|common)\./);
      expect(part).not.toContain('{{');
    }
    expect(mail.subject).toContain('42');
    expect(mail.text).toContain('Réglé <b>!</b>');
    expect(mail.html).toContain('Réglé &lt;b&gt;!&lt;/b&gt;');
    expect(mail.text).toContain('http://shop.test/x/Support');
  });

  it('differs by language', () => {
    const subjects = LANGUAGES.map(
      (lng) => renderMail('ticketAnswered', lng, { name: 'A', link: 'l', ticketId: '1', subject: 's', message: 'm' }).subject,
    );
    expect(new Set(subjects).size).toBe(4);
  });
});

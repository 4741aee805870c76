import type { Knex } from 'knex';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money/cart-totals';
import { findUserById } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import { serverText } from '../../i18n/server-text';
import type { MailTemplate } from '../mail/mail.templates';

/** A date as the customer reads it in a mail ("20 décembre 2026"), on the shop's time zone. */
export function mailDate(language: Language, at: Date): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(at);
}

export interface BillingNotice {
  template: MailTemplate;
  /** Values for the texts, from the customer's language (dates and amounts are formatted here). */
  vars: (format: {
    date(at: Date): string;
    money(cents: number, currency: string): string;
    /** A locale text in the customer's language. */
    text(key: string, vars?: Record<string, string>): string;
  }) => Record<string, string>;
  /** Label key under mail.<template>.details and the var shown there. */
  details: readonly (readonly [label: string, varName: string])[];
  /** The step's own key: the same step twice (two workers, a re-run) writes one mail. */
  dedupeKey: string;
  path?: string;
}

/**
 * One billing step's mail to the service's customer, in their language, written in the step's
 * transaction; null when this step already mailed (the caller then writes no audit row either).
 */
export async function queueBillingNotice(trx: Knex, mailer: Mailer, userId: number, notice: BillingNotice): Promise<number | null> {
  const customer = await findUserById(trx, userId);
  if (!customer) return null;
  const lng = customer.language;
  const vars = notice.vars({
    date: (at) => mailDate(lng, at),
    money: (cents, currency) => formatMoney(cents, currency, lng),
    text: (key, values) => serverText(lng, key, values),
  });
  return mailer.queueNotice(
    trx,
    { email: customer.email, fullName: customer.full_name, language: lng },
    {
      template: notice.template,
      path: notice.path ?? 'PanelCLient?tab=factures',
      vars,
      details: notice.details.map(([label, name]) => [label, vars[name] ?? '']),
      dedupeKey: notice.dedupeKey,
    },
  );
}

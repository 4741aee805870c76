import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { CloudAdapter } from '../../providers/cloud/types';
import type { Mailer } from '../mail/mail.service';

/** What every billing step works with. */
export interface BillingContext {
  db: Knex;
  mailer: Mailer;
  clock: Clock;
  cloud: CloudAdapter;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

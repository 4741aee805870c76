import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { Mailer } from '../mail/mail.service';
import type { SavedMethods } from '../saved-methods/saved-methods.service';
import type { VatService } from '../vat/vat.service';
import { createAccountDeletion } from './account-deletion.service';
import { accountRoutes } from './account.routes';
import { createAccountService } from './account.service';
import { buildDataExport } from './data-export';

export interface AccountModuleDeps {
  db: Knex;
  mailer: Mailer;
  vat: VatService;
  methods: SavedMethods;
  clock: Clock;
  requireUser: RequestHandler;
  /** Counts the calls that check the current password. */
  passwordLimit: RequestHandler;
  /** Counts the e-mail change links mailed to one recipient. */
  emailChangeLimit: RequestHandler;
}

/** The customer's own account: profile, password, e-mail, data export and deletion. */
export function accountModule({ db, mailer, vat, methods, clock, ...routeDeps }: AccountModuleDeps) {
  const account = createAccountService({ db, mailer, vat, clock });
  const deletion = createAccountDeletion({ db, mailer, methods, clock });
  const dataExport = (userId: number) => buildDataExport(db, userId, clock.now());
  return { routes: accountRoutes({ account, deletion, dataExport, ...routeDeps }), account, deletion };
}

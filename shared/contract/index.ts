import type { Endpoint } from './endpoint';
import { accountApi } from './account';
import { authApi } from './auth';
import { catalogApi } from './catalog';
import { checkoutApi } from './checkout';
import { cookieConsentApi } from './cookie-consent';
import { healthApi } from './health';
import { creditNotesApi, invoicesApi } from './invoices';
import { ordersApi } from './orders';
import { autoRenewalApi } from './auto-renewal';
import { paymentMethodsApi } from './payment-methods';
import { paymentsApi } from './payments';
import { ratingsApi } from './ratings';
import { sellerApi } from './seller';
import { registerApi } from './register';
import { staffGroups } from './staff';
import { ticketsApi } from './tickets';
import { twoFactorApi } from './two-factor';
import { vatApi } from './vat';
import { vpsApi } from './vps';
import { servicesApi } from './services';
import { gameBackupsApi } from './game-backups';
import { gameConsoleApi } from './game-console';
import { gameFilesApi } from './game-files';
import { sshKeysApi } from './ssh-keys';
import { supportLanguagesApi } from './support-languages';
import { walletApi } from './wallet';
import { vpsPanelApi } from './vps-panel';

// Every endpoint of the API. A route the server registers that is missing here fails the
// contract test (test/api/contract.test.ts), and so does an entry here no route serves.
const groups = [
  healthApi,
  ordersApi,
  authApi,
  accountApi,
  registerApi,
  catalogApi,
  supportLanguagesApi,
  cookieConsentApi,
  sellerApi,
  ratingsApi,
  ticketsApi,
  vatApi,
  checkoutApi,
  paymentsApi,
  walletApi,
  paymentMethodsApi,
  autoRenewalApi,
  invoicesApi,
  creditNotesApi,
  vpsApi,
  servicesApi,
  gameBackupsApi,
  gameConsoleApi,
  gameFilesApi,
  sshKeysApi,
  vpsPanelApi,
  twoFactorApi,
  ...staffGroups,
];

export const API_CONTRACT: readonly Endpoint[] = groups.flatMap((group) => Object.values(group) as Endpoint[]);

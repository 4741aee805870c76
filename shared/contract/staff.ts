import { staffAuthApi } from './staff-auth';
import { staffAutoRenewalsApi } from './staff-auto-renewals';
import { staffBillingApi } from './staff-billing';
import { staffBillingPaymentsApi } from './staff-billing-payments';
import { staffDutyApi } from './staff-duty';
import { staffDeliveriesApi } from './staff-deliveries';
import { staffEinvoicesApi } from './staff-einvoices';
import { staffLogsApi } from './staff-logs';
import { staffOrdersApi } from './staff-orders';
import { staffProductsApi } from './staff-products';
import { staffProfileApi } from './staff-profile';
import { staffReviewsApi } from './staff-reviews';
import { staffTicketsApi } from './staff-tickets';
import { staffUsersApi } from './staff-users';
import { staffSecondFactorApi } from './two-factor';

/** The back-office's endpoint groups, one per page (every path under /api/admin). */
export const staffGroups = [
  staffAuthApi,
  staffDutyApi,
  staffOrdersApi,
  staffDeliveriesApi,
  staffBillingApi,
  staffBillingPaymentsApi,
  staffEinvoicesApi,
  staffAutoRenewalsApi,
  staffUsersApi,
  staffProductsApi,
  staffTicketsApi,
  staffReviewsApi,
  staffProfileApi,
  staffLogsApi,
  staffSecondFactorApi,
] as const;

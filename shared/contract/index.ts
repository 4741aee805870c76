import type { Endpoint } from './endpoint';
import { healthApi } from './health';
import { ordersApi } from './orders';
import { staffGroups } from './staff';

// Every endpoint of the API. A route the server registers that is missing here fails the
// contract test (test/api/contract.test.ts), and so does an entry here no route serves.
const groups = [healthApi, ordersApi, ...staffGroups];

export const API_CONTRACT: readonly Endpoint[] = groups.flatMap((group) => Object.values(group) as Endpoint[]);

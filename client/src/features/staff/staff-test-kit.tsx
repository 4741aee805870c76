import { staffAuthApi } from '../../../../shared/contract/staff-auth';
import { twoFactorApi } from '../../../../shared/contract/two-factor';
import type { SessionUser } from '../../../../shared/schemas/auth';
import type { StaffOrderDto } from '../../../../shared/schemas/staff/orders';
import type { StaffRole } from '../../../../shared/staff/permissions';
import { answer, isCallOf } from '../../testing/contract-mock';
import { json, mockFetch } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { DashboardCategoryPage } from './dashboard-category-page';
import { DashboardPage } from './dashboard-page';

// Shared set-up of the back-office tests: a logged-in staff member, a stored staff token, and a
// fetch that answers the session and role calls; `api` answers the rest.

export const STAFF_TOKEN = 'staff-token';

export function staffUser(role: StaffRole, id = 42): SessionUser {
  return { ...demoUser, id, fullName: 'Alex Martin', email: 'alex@demo.test', role };
}

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

interface Options {
  role?: StaffRole;
  isOnline?: boolean;
  /** false: no staff token stored (the password screen shows). */
  verified?: boolean;
  api?: Handler;
  /** Overrides the GET /api/admin/getrole answer. */
  roleAnswer?: () => Response;
}

export function openDashboard(url: string, { role = 'admin', isOnline = true, verified = true, api, roleAnswer }: Options = {}) {
  const user = staffUser(role);
  storeDemoSession(user, 'session-token');
  if (verified) {
    localStorage.setItem('adminToken', STAFF_TOKEN);
    localStorage.setItem('adminVerified', 'true');
  }
  const fetchMock = mockFetch((u, init) => {
    if (u === '/api/auth/me') return json(200, { user });
    // Staff have their second factor on (the gate before the back-office asks).
    if (isCallOf(twoFactorApi.status, u, init)) {
      return answer(twoFactorApi.status, { enabled: true, enabledAt: '2026-11-01T09:00:00.000Z', recoveryCodesLeft: 10, required: true });
    }
    if (isCallOf(staffAuthApi.getRole, u, init)) return roleAnswer?.() ?? answer(staffAuthApi.getRole, { role, is_online: isOnline });
    return api?.(u, init) ?? json(404, { error: 'not_found', message: 'Not found' });
  });
  const category = /dashboard-admin\/[^/?]+/.test(url);
  const view = category
    ? renderPage(<DashboardCategoryPage />, { path: 'dashboard-admin/:categoryId', url, state: { fromInside: true } })
    : renderPage(<DashboardPage />, { path: 'dashboard-admin', url, state: { fromInside: true } });
  return { fetchMock, user, ...view };
}

export function staffOrder(overrides: Partial<StaffOrderDto> = {}): StaffOrderDto {
  return {
    id: 101,
    customerName: 'Camille Dupont',
    product: 'VPS Linux S',
    os: 'Ubuntu 24.04',
    status: 'pending',
    supportId: null,
    createdAt: '2026-11-20T10:15:00.000Z',
    uuid: '9c1f3a52-0000-4000-8000-000000000101',
    user_id: 7,
    client_email: 'camille@example.test',
    support_name: null,
    paid_at: '2026-11-20T10:16:00.000Z',
    total_cents: 1210,
    currency: 'EUR',
    cancel_reason: null,
    refund: null,
    ...overrides,
  };
}

export const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body ?? '{}'));

export { answerDialog, stubDialogElement } from '../../testing/dialogs';

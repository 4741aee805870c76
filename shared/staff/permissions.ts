import type { Role } from '../constants';

// Who sees what in the back-office (spec §2 "Staff dashboard", §6 "Staff roles"; DESIGN.md §3).

export const STAFF_ROLES = ['support', 'manager', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The dashboard's categories, by their id in /{lng}/dashboard-admin/{categoryId}. */
export const STAFF_CATEGORIES = {
  0: 'orders',
  1: 'tickets',
  2: 'users',
  3: 'products',
  4: 'billing',
  5: 'logs',
  6: 'createProduct',
} as const;
export type StaffCategoryId = keyof typeof STAFF_CATEGORIES;
export type StaffArea = (typeof STAFF_CATEGORIES)[StaffCategoryId];

const CATEGORY_IDS_BY_ROLE: Record<StaffRole, readonly StaffCategoryId[]> = {
  admin: [0, 1, 2, 3, 4, 5, 6],
  manager: [0, 1, 2, 3],
  support: [0, 1],
};

export const isStaffRole = (role: Role | string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** The categories a role sees in the sidebar (and may open by URL). */
export function categoriesFor(role: Role): readonly StaffCategoryId[] {
  return isStaffRole(role) ? CATEGORY_IDS_BY_ROLE[role] : [];
}

/** Whether `role` may work in `area`; the server checks this on every /api/admin call. */
export function canUseArea(role: Role, area: StaffArea): boolean {
  return categoriesFor(role).some((id) => STAFF_CATEGORIES[id] === area);
}

/** The category id from a URL segment, or null when it is not one. */
export function parseCategoryId(raw: string | undefined): StaffCategoryId | null {
  if (raw === undefined || !/^[0-6]$/.test(raw)) return null;
  return Number(raw) as StaffCategoryId;
}

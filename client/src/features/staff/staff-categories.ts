import { STAFF_CATEGORIES, type StaffArea, type StaffCategoryId } from '../../../../shared/staff/permissions';

/** The sidebar name of each area (spec §2: 'Commandes', 'Support', ... 'Créer des commandes'). */
export const categoryLabelKey = (area: StaffArea) => `staff.categories.${area}`;

export const areaOf = (id: StaffCategoryId): StaffArea => STAFF_CATEGORIES[id];

/** The dashboard paths; the welcome page is guarded (reached from inside), so links pass that state. */
export const dashboardPath = (lng: string) => `/${lng}/dashboard-admin`;
export const categoryPath = (lng: string, id: StaffCategoryId) => `/${lng}/dashboard-admin/${id}`;
export const INSIDE_STATE = { fromInside: true } as const;

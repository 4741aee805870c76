import { createContext, useContext } from 'react';
import type { SessionUser } from '../../../../shared/schemas/auth';
import type { StaffRole } from '../../../../shared/staff/permissions';

/** What every back-office screen knows once the admin password check passed and the role is read. */
export interface StaffContextValue {
  user: SessionUser;
  adminToken: string;
  role: StaffRole;
  /** Support agents only: on duty (spec §6: only online support staff see the order list). */
  isOnline: boolean;
  setOnline: (isOnline: boolean) => void;
  /** The staff token was refused (expired): forget it and ask the admin password again. */
  expire: () => void;
}

export const StaffContext = createContext<StaffContextValue | null>(null);

export function useStaff(): StaffContextValue {
  const value = useContext(StaffContext);
  if (!value) throw new Error('useStaff must be used inside the staff dashboard');
  return value;
}

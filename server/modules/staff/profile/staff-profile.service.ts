import type { Knex } from 'knex';
import type { StaffProfileDto, TransactionDto } from '../../../../shared/schemas/staff/profile';
import { NotFoundError } from '../../../http/errors';
import { findUserById, type UserRow } from '../../auth/users.repo';
import { authorize } from '../../../policies/authorize';
import { listRecentTransactions } from './staff-profile.repo';

const NoSuchUser = () => NotFoundError('No such user');

/** Spec §3 "User profile" (fullName, walletCents, email, avatarUrl, id), with role and duty. */
function presentProfile(user: UserRow): StaffProfileDto {
  return {
    id: user.id,
    fullName: user.full_name,
    email: user.email,
    avatarUrl: user.avatar_url,
    walletCents: user.wallet_cents,
    role: user.role,
    is_online: user.is_online,
  };
}

/** The back-office profile page (spec §2 "Profile page"): name, wallet balance, recent transactions. */
export function createStaffProfiles({ db }: { db: Knex }) {
  /**
   * The user a profile call is about. Refused (403) before the id is looked up, so a support agent
   * cannot probe which accounts exist.
   */
  async function target(caller: UserRow, id: number): Promise<UserRow> {
    authorize(caller, 'profile.read', id);
    if (id === caller.id) return caller;
    const user = await findUserById(db, id);
    if (!user) throw NoSuchUser();
    return user;
  }

  return {
    async profile(caller: UserRow, id: number): Promise<StaffProfileDto> {
      return presentProfile(await target(caller, id));
    },
    async transactions(caller: UserRow, id: number): Promise<TransactionDto[]> {
      return listRecentTransactions(db, (await target(caller, id)).id);
    },
  };
}
export type StaffProfiles = ReturnType<typeof createStaffProfiles>;

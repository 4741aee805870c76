import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { ForbiddenError } from '../../http/errors';
import type { UserRow } from '../auth/users.repo';
import { isOwnDuty, mayTakeDuty } from './duty.policy';
import { endService, setOnDuty } from './duty.service';

/** Checks who may switch this duty (duty.policy.ts) before duty.service.ts does it. */
function assertMaySwitch(caller: UserRow, agentId: number): void {
  if (!isOwnDuty(caller, agentId)) throw ForbiddenError('forbidden', 'You can only change your own duty');
  if (!mayTakeDuty(caller)) throw ForbiddenError('forbidden_role', 'Only support agents take duty');
}

/** Support duty (spec §2, §4 "Support agent"): take duty, go off, end full service. */
export function createDutySwitch({ db, clock }: { db: Knex; clock: Clock }) {
  return {
    async setOnline(caller: UserRow, agentId: number, isOnline: boolean, ip?: string): Promise<void> {
      assertMaySwitch(caller, agentId);
      await setOnDuty(db, caller, isOnline, clock, ip);
    },
    async endService(caller: UserRow, agentId: number, ip?: string): Promise<void> {
      assertMaySwitch(caller, agentId);
      await endService(db, caller, clock, ip);
    },
  };
}

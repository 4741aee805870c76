import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { UserRow } from '../auth/users.repo';
import { authorize } from '../../policies/authorize';
import { endService, setOnDuty } from './duty.service';

/** Checks who may switch this duty (server/policies/duty.policy.ts) before duty.service.ts does it. */
function assertMaySwitch(caller: UserRow, agentId: number): void {
  authorize(caller, 'duty.switch', agentId);
  authorize(caller, 'duty.take');
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
export type DutySwitch = ReturnType<typeof createDutySwitch>;

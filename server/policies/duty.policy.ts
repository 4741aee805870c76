import { OwnDutyOnly, SupportOnly } from './denials';
import { rule } from './rule';

// Who may switch which duty (spec §2 "Staff dashboard": support agents have the on/off-duty toggle).

export const dutyRules = {
  'duty.switch': rule((user, agentId: number) => agentId === user.id, OwnDutyOnly),
  /** is_online means nothing for the other roles. */
  'duty.take': rule((user) => user.role === 'support', SupportOnly),
};

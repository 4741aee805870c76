import type { Knex } from 'knex';
import type { CloudAdapter } from '../../../providers/cloud/types';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { ownedVps, providerFailure } from './owned-vps';

/**
 * OVH's browser console (getConsoleUrl): a URL that opens the machine's screen, handed to its
 * owner in the answer only, never stored, logged or audited (the audit says a console was opened).
 * The sandbox answers its own page, on our origin, that says it is the sandbox.
 */
export function createVpsConsole(deps: { db: Knex; cloud: Pick<CloudAdapter, 'consoleUrl' | 'mode'> }) {
  const { db, cloud } = deps;
  return async function openConsole(user: UserRow, id: number, ip?: string): Promise<{ url: string; sandbox: boolean }> {
    const { machine } = await ownedVps(db, user, id);
    const given = await cloud.consoleUrl(machine).catch(providerFailure);
    // The sandbox's page is ours: it speaks the customer's language (OVH's speaks its own).
    const url = cloud.mode === 'simulated' ? `${given}?lng=${user.language}` : given;
    await writeAudit(db, { actorId: user.id, action: 'service.console_opened', entityType: 'service', entityId: id, ip });
    return { url, sandbox: cloud.mode === 'simulated' };
  };
}

export type VpsConsole = ReturnType<typeof createVpsConsole>;

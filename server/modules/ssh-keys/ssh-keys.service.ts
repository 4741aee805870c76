import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { SSH_KEYS_PER_ACCOUNT, type SshKeyDto } from '../../../shared/schemas/ssh-keys';
import { writeAudit } from '../audit/audit.repo';
import type { UserRow } from '../auth/users.repo';
import { readOpenSshPublicKey } from './openssh-public-key';
import { presentSshKey } from './ssh-keys.presenter';
import { countSshKeys, deleteSshKey, findSshKey, insertSshKey, listSshKeys, lockUserForKeys, type SshKeyRow } from './ssh-keys.repo';

/** The account's SSH public keys (issue 33): added once each, at most 20, audited. */
export function createSshKeys({ db, clock }: { db: Knex; clock: Clock }) {
  return {
    async list(user: UserRow): Promise<SshKeyDto[]> {
      return (await listSshKeys(db, user.id)).map(presentSshKey);
    },

    async add(user: UserRow, input: { name: string; publicKey: string }, ip: string | undefined): Promise<SshKeyDto> {
      const key = readOpenSshPublicKey(input.publicKey);
      if (!key.ok) throw ValidationError({ publicKey: [key.reason] });
      const row = await db.transaction(async (trx) => {
        await lockUserForKeys(trx, user.id);
        if ((await countSshKeys(trx, user.id)) >= SSH_KEYS_PER_ACCOUNT) {
          throw ConflictError('ssh_key_limit', `An account holds at most ${SSH_KEYS_PER_ACCOUNT} SSH keys`);
        }
        const added = await insertSshKey(trx, {
          user_id: user.id,
          name: input.name,
          key_type: key.type,
          public_key: key.line,
          fingerprint: key.fingerprint,
          created_at: clock.now(),
        });
        if (!added) throw ConflictError('ssh_key_exists', 'This key is already on the account');
        await audit(trx, user, 'ssh_key.added', added, ip);
        return added;
      });
      return presentSshKey(row);
    },

    async remove(user: UserRow, id: number, ip: string | undefined): Promise<void> {
      await db.transaction(async (trx) => {
        const removed = await deleteSshKey(trx, user.id, id);
        if (!removed) throw NotFoundError('No such SSH key');
        await audit(trx, user, 'ssh_key.removed', removed, ip);
      });
    },

    /** The key a reinstall installs: only the caller's own (another account's is "not found"). */
    async ownKey(user: UserRow, id: number): Promise<SshKeyRow | undefined> {
      return findSshKey(db, user.id, id);
    },
  };
}

export type SshKeys = ReturnType<typeof createSshKeys>;

function audit(trx: Knex, user: UserRow, action: string, key: SshKeyRow, ip: string | undefined) {
  return writeAudit(trx, {
    actorId: user.id,
    action,
    entityType: 'ssh_key',
    entityId: key.id,
    after: { name: key.name, fingerprint: key.fingerprint },
    ip,
  });
}

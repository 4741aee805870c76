import type { Knex } from 'knex';
import type { AutoRenewalDto } from '../../../shared/schemas/payment-methods';
import { NotFoundError } from '../../http/errors';
import type { UserRow } from '../auth/users.repo';
import { writeAudit } from '../audit/audit.repo';
import { defaultSavedMethod } from '../saved-methods/saved-methods.repo';
import { FIRST_CHARGE_DAYS } from './charge-slots';
import { customerServices, setServiceAutoRenew, setWalletFirst, walletFirst } from './renewal-charges.repo';

/** The customer's automatic-renewal switches: one per server, and the wallet first or not. */
export function createAutoRenewal(deps: { db: Knex }) {
  const { db } = deps;

  async function read(user: UserRow): Promise<AutoRenewalDto> {
    const [services, method, fromWallet] = await Promise.all([
      customerServices(db, user.id),
      defaultSavedMethod(db, user.id),
      walletFirst(db, user.id),
    ]);
    return {
      wallet_first: fromWallet,
      has_method: Boolean(method),
      services: services.map((s) => ({
        vps_id: Number(s.vps_id),
        service_name: s.service_name,
        auto_renew: s.auto_renew,
        expires_at: s.expires_at?.toISOString() ?? null,
        next_charge_at:
          s.auto_renew && method && s.expires_at ? new Date(s.expires_at.getTime() - FIRST_CHARGE_DAYS * 86_400_000).toISOString() : null,
      })),
    };
  }

  return {
    read,
    async setService(user: UserRow, vpsId: number, enabled: boolean, ip?: string) {
      if (!(await setServiceAutoRenew(db, user.id, vpsId, enabled))) throw NotFoundError('No such server');
      await writeAudit(db, { actorId: user.id, action: 'vps.auto_renew', entityType: 'vps', entityId: vpsId, after: { enabled }, ip });
      return read(user);
    },
    async setWalletFirst(user: UserRow, enabled: boolean, ip?: string) {
      await setWalletFirst(db, user.id, enabled);
      await writeAudit(db, {
        actorId: user.id,
        action: 'user.auto_renew_wallet',
        entityType: 'user',
        entityId: user.id,
        after: { enabled },
        ip,
      });
      return read(user);
    },
  };
}

export type AutoRenewal = ReturnType<typeof createAutoRenewal>;

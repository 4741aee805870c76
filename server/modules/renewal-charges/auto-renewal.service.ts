import type { Knex } from 'knex';
import type { AutoRenewalDto, AutoRenewalServiceDto } from '../../../shared/schemas/payment-methods';
import { NotFoundError } from '../../http/errors';
import { authorize } from '../../policies/authorize';
import type { UserRow } from '../auth/users.repo';
import { writeAudit } from '../audit/audit.repo';
import { defaultSavedMethod } from '../saved-methods/saved-methods.repo';
import { FIRST_CHARGE_DAYS } from '../../../shared/billing/service-period';
import {
  customerService,
  customerServices,
  setServiceAutoRenew,
  setWalletFirst,
  walletFirst,
  type CustomerServiceRow,
} from './renewal-charges.repo';
import type { Clock } from '../../clock/clock';

/** The customer's automatic-renewal switches: one per server (a page at a time), and the wallet first or not. */
export function createAutoRenewal(deps: { db: Knex; clock: Clock }) {
  const { db } = deps;

  /** When the server's next renewal is charged: 3 days before expiry, once something can pay it. */
  function present(s: CustomerServiceRow, hasMethod: boolean): AutoRenewalServiceDto {
    return {
      vps_id: Number(s.id),
      product_name: s.product_name,
      service_name: s.service_name,
      auto_renew: s.auto_renew,
      expires_at: s.expires_at?.toISOString() ?? null,
      next_charge_at:
        s.auto_renew && hasMethod && s.expires_at ? new Date(s.expires_at.getTime() - FIRST_CHARGE_DAYS * 86_400_000).toISOString() : null,
    };
  }

  return {
    /** The choices and a page of the servers, after the server `after`. */
    async read(user: UserRow, page: { after?: number; limit: number }): Promise<AutoRenewalDto> {
      const [services, method, fromWallet] = await Promise.all([
        customerServices(db, user.id, page),
        defaultSavedMethod(db, user.id),
        walletFirst(db, user.id),
      ]);
      return {
        wallet_first: fromWallet,
        has_method: Boolean(method),
        services: services.rows.map((s) => present(s, Boolean(method))),
        next: services.next,
      };
    },

    /** Turns one server's switch; answers it as the list now shows it (404: not one of the caller's renewing servers). */
    async setService(user: UserRow, vpsId: number, enabled: boolean, ip?: string): Promise<AutoRenewalServiceDto> {
      const owned = await customerService(db, user.id, vpsId);
      if (!owned) throw NotFoundError('No such server');
      authorize(user, 'vps.setAutoRenew', owned);
      if (!(await setServiceAutoRenew(db, user.id, vpsId, enabled, deps.clock.now()))) throw NotFoundError('No such server');
      await writeAudit(db, { actorId: user.id, action: 'vps.auto_renew', entityType: 'vps', entityId: vpsId, after: { enabled }, ip });
      const [service, method] = await Promise.all([customerService(db, user.id, vpsId), defaultSavedMethod(db, user.id)]);
      if (!service) throw NotFoundError('No such server');
      return present(service, Boolean(method));
    },

    async setWalletFirst(user: UserRow, enabled: boolean, ip?: string): Promise<{ wallet_first: boolean }> {
      await setWalletFirst(db, user.id, enabled);
      await writeAudit(db, {
        actorId: user.id,
        action: 'user.auto_renew_wallet',
        entityType: 'user',
        entityId: user.id,
        after: { enabled },
        ip,
      });
      return { wallet_first: await walletFirst(db, user.id) };
    },
  };
}

export type AutoRenewal = ReturnType<typeof createAutoRenewal>;

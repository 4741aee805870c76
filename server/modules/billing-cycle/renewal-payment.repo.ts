import type { Knex } from 'knex';

export interface RenewedVpsRow {
  id: number;
  state: string;
  expires_at: Date | null;
  suspended_at: Date | null;
}

/** The machine a service order delivered, locked until the settling transaction ends. */
export function lockVpsOfServiceOrder(trx: Knex, serviceOrderId: number): Promise<RenewedVpsRow | undefined> {
  return trx('vps').where({ order_id: serviceOrderId }).forUpdate().first('id', 'state', 'expires_at', 'suspended_at');
}

/** The period runs on to `to` (an expiry already further on is kept) and the machine is the customer's again. */
export async function extendServicePeriod(trx: Knex, vpsId: number, to: Date, now: Date): Promise<Date> {
  const [updated] = (await trx('vps')
    .where({ id: vpsId })
    .update(
      {
        expires_at: trx.raw('GREATEST(expires_at, ?::timestamptz)', [to]),
        state: 'assigned',
        suspended_at: null,
        updated_at: now,
      },
      ['expires_at'],
    )) as { expires_at: Date }[];
  if (!updated) throw new Error(`vps ${vpsId} not extended`);
  return updated.expires_at;
}

export interface ReactivatedVpsRow {
  id: number;
  service_name: string;
  state: string;
  expires_at: Date;
  user_id: number;
}

/** A machine with its owner, as the reactivation follow-up needs it. */
export function findVpsWithOwner(db: Knex, vpsId: number): Promise<ReactivatedVpsRow | undefined> {
  return db('vps')
    .join('orders', 'orders.id', 'vps.order_id')
    .where('vps.id', vpsId)
    .first('vps.id', 'vps.service_name', 'vps.state', 'vps.expires_at', 'orders.user_id');
}

import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { CloudActionRefused } from '../../providers/cloud/errors';
import type { CloudAdapter } from '../../providers/cloud/types';
import type { Mailer } from '../mail/mail.service';
import { recordPowerStatus } from '../vps/vps.repo';
import { queueBillingNotice } from './billing-notice';
import { findVpsWithOwner } from './renewal-payment.repo';
import type { Clock } from '../../clock/clock';

/**
 * After a renewal brought a suspended machine back (the state changed with the payment): power it
 * on at the provider and mail the customer once. A provider error throws, so the job is retried;
 * a machine already running is fine.
 */
export async function reactivateMachine(
  deps: { db: Knex; mailer: Mailer; cloud: CloudAdapter; clock: Clock; logger: Pick<Logger, 'warn'> },
  orderId: number,
  vpsId: number,
): Promise<void> {
  const { db, mailer, cloud } = deps;
  const vps = await findVpsWithOwner(db, vpsId);
  if (!vps || vps.state !== 'assigned') return; // suspended again or terminated since: nothing to bring back

  // Already up or on its way (a retried job): nothing to ask. Still stopping: refused, retried.
  const { status } = await cloud.getVps(vps.service_name);
  if (status !== 'running' && status !== 'starting') {
    try {
      await cloud.act(vps.service_name, 'start');
    } catch (err) {
      if (!(err instanceof CloudActionRefused && err.reason === 'already_running')) throw err;
    }
  }
  await recordPowerStatus(db, vps.id, (await cloud.getVps(vps.service_name)).status, deps.clock.now());

  const mailId = await queueBillingNotice(db, mailer, vps.user_id, {
    template: 'serviceReactivated',
    path: 'PanelCLient',
    vars: ({ date }) => ({ serviceName: vps.service_name, expiresAt: date(vps.expires_at) }),
    details: [
      ['service', 'serviceName'],
      ['expiresAt', 'expiresAt'],
    ],
    dedupeKey: `vps-reactivated-${vps.id}-order-${orderId}`,
  });
  if (mailId !== null) mailer.send([mailId]);
}

import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import { ConflictError, HttpError } from '../../../http/errors';
import { authorize } from '../../../policies/authorize';
import { GameConsoleNotConfigured, type GameConsolePanel, type GameResources } from '../../../providers/game-panel/client-api/index';
import { GamePanelNotFound, GamePanelRefused, GamePanelUnavailable } from '../../../providers/game-panel/types';
import { CONSOLE_TICKET_TTL_MS, type PowerSignal } from '../../../../shared/schemas/game-console';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { assertActionable } from '../actions/actionable';
import { findCustomerService, type CustomerServiceRow } from '../customer-services.repo';
import { ServiceNotFound } from '../service-lifecycle.errors';
import type { ConsoleLimit } from './console-limit';
import { deleteExpiredConsoleTickets, insertConsoleTicket, redeemConsoleTicket } from './console-tickets.repo';

// A game server's power, resources and console tickets (issue 33). The customer's own delivered
// game server only: another's is 404, a VPS 409 game_server_only, a suspended or ended one 409.

export const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** The panel's failures as the customer's answer: nothing changed, try again later. */
export function panelFailure(err: unknown): unknown {
  if (err instanceof GameConsoleNotConfigured)
    return new HttpError(503, 'panel_client_key_missing', 'The game panel’s client key is not set: the console is unavailable');
  if (err instanceof GamePanelRefused && err.status === 409)
    return ConflictError('service_suspended', 'The panel holds the server suspended');
  if (err instanceof GamePanelUnavailable || err instanceof GamePanelRefused || err instanceof GamePanelNotFound)
    return new HttpError(502, 'panel_unavailable', 'The game panel could not be reached; nothing was changed');
  return err;
}

/** The service if it is a game server the customer may drive now, with its panel identifier. */
export function gameServerOf(service: CustomerServiceRow | undefined): CustomerServiceRow & { panel_identifier: string } {
  if (!service) throw ServiceNotFound();
  if (service.kind !== 'game') throw ConflictError('game_server_only', 'Only a game server has a console and power signals here');
  assertActionable(service);
  if (!service.panel_identifier) throw ConflictError('service_not_ready', 'The service is not delivered yet');
  return service as CustomerServiceRow & { panel_identifier: string };
}

export function createGameConsole(deps: { db: Knex; clock: Clock; panel: GameConsolePanel; limit: ConsoleLimit }) {
  const { db, clock, panel, limit } = deps;

  async function owned(user: UserRow, id: number) {
    const service = await findCustomerService(db, user.id, id);
    if (!service) throw ServiceNotFound();
    authorize(user, 'service.manage', service);
    return gameServerOf(service);
  }

  async function recordPower(userId: number, serviceId: number, signal: PowerSignal, ip?: string) {
    await writeAudit(db, {
      actorId: userId,
      action: `service.power_${signal}`,
      entityType: 'service',
      entityId: serviceId,
      after: { signal },
      ip,
    });
  }

  return {
    async ticket(user: UserRow, id: number): Promise<string> {
      await owned(user, id);
      if (await limit.full(user.id)) throw new HttpError(429, 'consoles_limit', 'Too many consoles open at once: close one first');
      const ticket = randomBytes(32).toString('base64url');
      const now = clock.now();
      await deleteExpiredConsoleTickets(db, now);
      await insertConsoleTicket(db, {
        ticketHash: hashTicket(ticket),
        userId: user.id,
        serviceId: id,
        expiresAt: new Date(now.getTime() + CONSOLE_TICKET_TTL_MS),
        now,
      });
      return ticket;
    },

    /** The ticket's customer and their game server, once; null for a ticket unknown, used, expired or of another service. */
    async redeem(
      ticket: string,
      serviceId: number,
    ): Promise<{ userId: number; service: CustomerServiceRow & { panel_identifier: string } } | null> {
      const userId = await redeemConsoleTicket(db, hashTicket(ticket), serviceId, clock.now());
      if (userId === null) return null;
      return { userId, service: gameServerOf(await findCustomerService(db, userId, serviceId)) };
    },

    async power(user: UserRow, id: number, signal: PowerSignal, ip?: string): Promise<void> {
      const service = await owned(user, id);
      try {
        await panel.power(service.panel_identifier, signal);
      } catch (err) {
        throw panelFailure(err);
      }
      await recordPower(user.id, id, signal, ip);
    },

    /** A signal sent from the console socket (`set state`): audited like the button. */
    recordPower,

    async resources(user: UserRow, id: number): Promise<GameResources> {
      const service = await owned(user, id);
      try {
        return await panel.resources(service.panel_identifier);
      } catch (err) {
        throw panelFailure(err);
      }
    },
  };
}

export type GameConsole = ReturnType<typeof createGameConsole>;

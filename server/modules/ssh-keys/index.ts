import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { sshKeysRoutes } from './ssh-keys.routes';
import { createSshKeys } from './ssh-keys.service';

export type { SshKeys } from './ssh-keys.service';

/** The account's SSH public keys, for VPS reinstalls (issue 33). */
export function sshKeysModule(deps: { db: Knex; clock: Clock; requireUser: RequestHandler }) {
  const keys = createSshKeys(deps);
  return { routes: sshKeysRoutes({ keys, requireUser: deps.requireUser }), keys };
}

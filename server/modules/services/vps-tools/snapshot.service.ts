import type { Knex } from 'knex';
import { ConflictError } from '../../../http/errors';
import { CloudTaskRefused, type CloudVpsTools } from '../../../providers/cloud/types';
import type { SnapshotStateDto } from '../../../../shared/schemas/vps-panel';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { ownedVps, providerFailure } from './owned-vps';

const RUNNING: Record<'createSnapshot' | 'revertSnapshot' | 'deleteSnapshot', NonNullable<SnapshotStateDto['running']>> = {
  createSnapshot: 'creating',
  revertSnapshot: 'restoring',
  deleteSnapshot: 'deleting',
};
const SNAPSHOT_TASKS = Object.keys(RUNNING) as (keyof typeof RUNNING)[];

type Change = 'create' | 'restore' | 'delete';
const AUDIT: Record<Change, string> = {
  create: 'service.snapshot_created',
  restore: 'service.snapshot_restored',
  delete: 'service.snapshot_deleted',
};

/**
 * The VPS's one snapshot (OVH keeps one), where the plan has OVH's snapshot option: the rule is
 * OVH's own `/option` listing `snapshot` (what was bought at OVH is what OVH lets us do). Each change
 * is an OVH task; the state read again tells what still runs, and the panel follows it.
 */
export function createVpsSnapshot(deps: { db: Knex; cloud: CloudVpsTools }) {
  const { db, cloud } = deps;

  async function stateOf(machine: string): Promise<SnapshotStateDto> {
    if (!(await cloud.snapshotOffered(machine))) return { included: false, current: null, running: null };
    const [current, running] = await Promise.all([cloud.getSnapshot(machine), cloud.runningTasks(machine, SNAPSHOT_TASKS)]);
    const task = running.find((t): t is keyof typeof RUNNING => t in RUNNING);
    return { included: true, current, running: task ? RUNNING[task] : null };
  }

  /** Refuses a change the state does not allow, with a code the panel explains. */
  function assertAllowed(state: SnapshotStateDto, change: Change) {
    if (!state.included) throw ConflictError('snapshot_not_included', 'The plan of this server does not include a snapshot');
    if (state.running) throw ConflictError('snapshot_busy', 'A snapshot task is still running on this server');
    if (change === 'create' && state.current) throw ConflictError('snapshot_exists', 'This server already has its one snapshot');
    if (change !== 'create' && !state.current) throw ConflictError('snapshot_missing', 'This server has no snapshot');
  }

  async function change(user: UserRow, id: number, what: Change, run: (machine: string) => Promise<void>, ip?: string) {
    const { machine } = await ownedVps(db, user, id);
    assertAllowed(await stateOf(machine).catch(providerFailure), what);
    try {
      await run(machine);
    } catch (err) {
      // OVH's own refusal (its state moved since we looked): the same answer as ours.
      if (err instanceof CloudTaskRefused) throw ConflictError('snapshot_refused', 'The provider refused this snapshot action for now');
      providerFailure(err);
    }
    await writeAudit(db, { actorId: user.id, action: AUDIT[what], entityType: 'service', entityId: id, ip });
    return stateOf(machine).catch(providerFailure);
  }

  return {
    async state(user: UserRow, id: number): Promise<SnapshotStateDto> {
      const { machine } = await ownedVps(db, user, id);
      return stateOf(machine).catch(providerFailure);
    },
    create: (user: UserRow, id: number, description: string, ip?: string) =>
      change(user, id, 'create', (m) => cloud.createSnapshot(m, description), ip),
    restore: (user: UserRow, id: number, ip?: string) => change(user, id, 'restore', (m) => cloud.revertSnapshot(m), ip),
    remove: (user: UserRow, id: number, ip?: string) => change(user, id, 'delete', (m) => cloud.deleteSnapshot(m), ip),
  };
}

export type VpsSnapshot = ReturnType<typeof createVpsSnapshot>;

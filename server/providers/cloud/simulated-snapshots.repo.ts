import type { Knex } from 'knex';
import type { CloudTaskType } from './types';

// The sandbox's snapshots (simulated-vps-tools.ts): one row per machine that has one or is taking
// one, with the task that moves it and when that task lands.

export interface SnapshotRow {
  service_name: string;
  description: string;
  /** Null while it is being taken. */
  created_at: Date | null;
  task: CloudTaskType | null;
  task_settles_at: Date | null;
}

const snapshots = (db: Knex) => db<SnapshotRow>('sandbox_vps_snapshots');

/** Lands the machine's task if its time has come (one statement each, as the fleet lands its moves), then reads it. */
export async function settledSnapshot(db: Knex, serviceName: string, at: Date): Promise<SnapshotRow | undefined> {
  await snapshots(db).where({ service_name: serviceName, task: 'deleteSnapshot' }).where('task_settles_at', '<=', at).delete();
  await snapshots(db)
    .where({ service_name: serviceName })
    .whereIn('task', ['createSnapshot', 'revertSnapshot'])
    .where('task_settles_at', '<=', at)
    .update({ created_at: db.raw('COALESCE(created_at, task_settles_at)'), task: null, task_settles_at: null });
  return snapshots(db).where({ service_name: serviceName }).first();
}

/** Starts taking the machine's snapshot; false when it has one (or one is being taken). */
export async function startSnapshot(db: Knex, serviceName: string, description: string, settlesAt: Date): Promise<boolean> {
  const inserted = await snapshots(db)
    .insert({ service_name: serviceName, description, created_at: null, task: 'createSnapshot', task_settles_at: settlesAt })
    .onConflict('service_name')
    .ignore()
    .returning('service_name');
  return inserted.length > 0;
}

/** Starts a task on the machine's idle snapshot; false when another runs. */
export async function startSnapshotTask(
  db: Knex,
  serviceName: string,
  task: 'revertSnapshot' | 'deleteSnapshot',
  settlesAt: Date,
): Promise<boolean> {
  const started = await snapshots(db).where({ service_name: serviceName }).whereNull('task').update({ task, task_settles_at: settlesAt });
  return started > 0;
}

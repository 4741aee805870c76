// The fake panel's schedules and their tasks (ScheduleController, ScheduleTaskController and their
// transformers, routes/api-client.php in ../shared/providers/pterodactyl): stored per server so a
// test can read what the shop set, validated as the panel's requests validate them.
import { PanelError, failure, notFound, stamp, type Json } from '../pterodactyl-wire';
import type { FakePanelServer } from '../pterodactyl';
import type { ClientArea } from './index';

export interface FakeScheduleTask {
  id: number;
  sequenceId: number;
  action: 'command' | 'power' | 'backup';
  payload: string;
  timeOffset: number;
  continueOnFailure: boolean;
}

export interface FakeSchedule {
  id: number;
  name: string;
  cron: { minute: string; hour: string; day_of_month: string; month: string; day_of_week: string };
  isActive: boolean;
  onlyWhenOnline: boolean;
  tasks: FakeScheduleTask[];
  createdAt: Date;
}

const schedulesOf = new WeakMap<FakePanelServer, FakeSchedule[]>();
let nextId = 1;

/** The schedules the fake holds for one server. */
export function fakeSchedulesOf(server: FakePanelServer): FakeSchedule[] {
  let list = schedulesOf.get(server);
  if (!list) {
    list = [];
    schedulesOf.set(server, list);
  }
  return list;
}

const invalid = (failures: [string, string, string][]) =>
  new PanelError({
    status: 422,
    body: {
      errors: failures.map(([field, rule, detail]) => ({
        code: 'ValidationException',
        status: '422',
        detail,
        meta: { source_field: field, rule },
      })),
    },
  });

const CRON_FIELDS = ['minute', 'hour', 'day_of_month', 'month', 'day_of_week'] as const;

/** ScheduleTransformer, with its default include: the tasks. */
function scheduleJson(s: FakeSchedule): Json {
  return {
    object: 'server_schedule',
    attributes: {
      id: s.id,
      name: s.name,
      cron: s.cron,
      is_active: s.isActive,
      is_processing: false,
      only_when_online: s.onlyWhenOnline,
      last_run_at: null,
      next_run_at: null,
      created_at: stamp(s.createdAt),
      updated_at: stamp(s.createdAt),
      relationships: { tasks: { object: 'list', data: s.tasks.map(taskJson) } },
    },
  };
}

function taskJson(t: FakeScheduleTask): Json {
  return {
    object: 'schedule_task',
    attributes: {
      id: t.id,
      sequence_id: t.sequenceId,
      action: t.action,
      payload: t.payload,
      time_offset: t.timeOffset,
      is_queued: false,
      continue_on_failure: t.continueOnFailure,
      created_at: null,
      updated_at: null,
    },
  };
}

export const schedulesArea: ClientArea = ({ method, parts, body, server }, state) => {
  if (parts[0] !== 'schedules') return undefined;
  const list = fakeSchedulesOf(server);
  const [, id, sub] = parts;
  const find = () => {
    const schedule = list.find((s) => String(s.id) === id);
    if (!schedule) throw notFound();
    return schedule;
  };

  if (method === 'GET' && parts.length === 1) return { status: 200, body: { object: 'list', data: list.map(scheduleJson) } };
  if (method === 'GET' && parts.length === 2) return { status: 200, body: scheduleJson(find()) };

  if (method === 'POST' && parts.length === 1) {
    // StoreScheduleRequest (Schedule::$validationRules): name and the five cron parts required.
    const failures: [string, string, string][] = [];
    if (typeof body.name !== 'string' || body.name === '') failures.push(['name', 'required', 'The name field is required.']);
    for (const field of CRON_FIELDS)
      if (typeof body[field] !== 'string' || body[field] === '')
        failures.push([field, 'required', `The ${field.replace(/_/g, ' ')} field is required.`]);
    if (body.is_active !== undefined && typeof body.is_active !== 'boolean')
      failures.push(['is_active', 'boolean', 'The is active field must be true or false.']);
    if (failures.length) throw invalid(failures);
    const schedule: FakeSchedule = {
      id: nextId++,
      name: body.name as string,
      cron: Object.fromEntries(CRON_FIELDS.map((f) => [f, body[f] as string])) as FakeSchedule['cron'],
      isActive: body.is_active !== false,
      onlyWhenOnline: body.only_when_online === true,
      tasks: [],
      createdAt: state.clock.now(),
    };
    list.push(schedule);
    return { status: 200, body: scheduleJson(schedule) };
  }

  if (method === 'DELETE' && parts.length === 2) {
    list.splice(list.indexOf(find()), 1);
    return { status: 204 };
  }

  if (method === 'POST' && parts.length === 3 && sub === 'tasks') {
    const schedule = find();
    // StoreTaskRequest: action in:command,power,backup; payload required_unless:action,backup; time_offset 0..900.
    const failures: [string, string, string][] = [];
    const action = body.action;
    if (action !== 'command' && action !== 'power' && action !== 'backup')
      failures.push(['action', 'in', 'The selected action is invalid.']);
    if (action !== 'backup' && (typeof body.payload !== 'string' || body.payload === ''))
      failures.push(['payload', 'required_unless', 'The payload field is required unless action is in backup.']);
    const offset = Number(body.time_offset);
    if (body.time_offset === undefined || !Number.isFinite(offset) || offset < 0 || offset > 900)
      failures.push(['time_offset', 'between', 'The time offset must be between 0 and 900.']);
    if (failures.length) throw invalid(failures);
    if (action === 'backup' && server.featureLimits.backups === 0)
      throw failure(400, 'ServiceLimitExceededException', "A backup task cannot be created when the server's backup limit is set to 0.");
    if (schedule.tasks.length >= 10)
      throw failure(
        400,
        'ServiceLimitExceededException',
        'Schedules may not have more than 10 tasks associated with them. Creating this task would put this schedule over the limit.',
      );
    const task: FakeScheduleTask = {
      id: nextId++,
      sequenceId: schedule.tasks.length + 1,
      action: action as FakeScheduleTask['action'],
      payload: typeof body.payload === 'string' ? body.payload : '',
      timeOffset: offset,
      continueOnFailure: body.continue_on_failure === true,
    };
    schedule.tasks.push(task);
    return { status: 200, body: taskJson(task) };
  }
  return undefined;
};

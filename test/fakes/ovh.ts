// OVH's VPS API, faked with nock: the `ovh` package only speaks HTTPS, so no plain local server can
// stand in for it. Give the adapter `endpoint`, `appKey`, `appSecret` and `consumerKey`.
// No test-runner imports: the unit tests and the API suite both use it (same process as the app).
//   GET  /1.0/auth/time                  -> the system clock (unsigned, as at OVH)
//   GET  /1.0/vps                        -> the service names
//   GET  /1.0/vps/:name                  -> the machine (state, zone, model, …); 404 when unknown
//   GET  /1.0/vps/:name/ips              -> its addresses
//   GET  /1.0/vps/:name/tasks[?state=&type=] -> the ids of its tasks; /tasks/:id -> one vps.Task
//   POST /1.0/vps/:name/start|stop|reboot -> a vps.Task `todo`, and the machine does not move yet:
//                                          `beginTasks(name)` runs them (`doing`: stopping or rebooting;
//                                          a start has no state of its own at OVH, the machine stays
//                                          stopped), `settle(name)` ends them (`done`: running or stopped)
//   GET  /1.0/vps/:name/images/available[/:id] -> the image ids / one vps.Image { id, name }; /images/current
//   POST /1.0/vps/:name/rebuild { imageId } -> a vps.Task `reinstallVm` `todo`: `beginTasks` shows the
//                                          machine `installing`, `settle` ends it `running` on the new
//                                          image, `failTasks` ends the task `error` (machine stopped)
//   POST /1.0/vps/:name/terminate         -> a confirmation message; the machine is flagged
//   POST /1.0/vps/:name/setPassword       -> a vps.Task `changeRootPassword` (OVH mails the password once done)
//   POST /1.0/vps/:name/getConsoleUrl     -> a console URL (a string), new each time
//   GET  /1.0/vps/:name/monitoring?period=&type= -> { unit, values: [{ timestamp, value }] }; 400 on an enum OVH lacks
//   GET  /1.0/vps/:name/option            -> its options (`snapshot` when given `options: ['snapshot']`)
//   GET|DELETE /1.0/vps/:name/snapshot, POST createSnapshot { description }, POST snapshot/revert
//                                        -> the one snapshot (404 when none) and its tasks; `settle` lands them;
//                                          without the option or with one already there, OVH's 400
//   /1.0/order/cart…, /1.0/me/order…      -> ordering a VPS (ovh-ordering.ts): carts that expire, a
//                                          checkout that needs a default payment method, an order
//                                          delivered after a delay on the fake's clock (then /vps lists it)
// Every call but /auth/time is checked as OVH does: the application key (403 INVALID_KEY), the
// consumer key (403 INVALID_CREDENTIAL), then the signature (400 INVALID_SIGNATURE).
//
// Other HTTP traffic: while an OVH fake runs, nock lets requests through only to local hosts
// (127.0.0.1, localhost, ::1: supertest, the other fakes) and refuses the rest. stop() removes its
// interceptors; the last OVH fake to stop allows all traffic again (nock's own default).
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import nock from 'nock';
import { createOvhOrderingFake, type FakeClock, type OvhFakeCart, type OvhFakeOrder } from './ovh-ordering';

export { OVH_FAKE_DATACENTERS, OVH_FAKE_ORDER_SYSTEMS, type OvhFakeCart, type OvhFakeOrder } from './ovh-ordering';

/** The states OVH reports for a VPS: `vps.VpsStateEnum` in ovh-vps.json (there is no `starting`). */
export const OVH_VPS_STATES = [
  'backuping',
  'installing',
  'maintenance',
  'rebooting',
  'rescued',
  'running',
  'stopped',
  'stopping',
  'upgrading',
] as const;
export type OvhVpsState = (typeof OVH_VPS_STATES)[number];

/** A `vps.Image` a machine can install. */
export interface OvhFakeImage {
  id: string;
  name: string;
}

/** What every machine can install unless told otherwise (its `images`). */
export const OVH_FAKE_IMAGES: readonly OvhFakeImage[] = [
  { id: '0d3f3a2e-5b1c-4c55-9d1a-5e1f0b1c2a01', name: 'Debian 12' },
  { id: '1a8b7c6d-2e3f-4a5b-8c9d-0e1f2a3b4c02', name: 'Ubuntu 22.04' },
  { id: '2b9c8d7e-3f4a-4b6c-9d0e-1f2a3b4c5d03', name: 'Ubuntu 24.04' },
  { id: '3c0d9e8f-4a5b-4c7d-8e1f-2a3b4c5d6e04', name: 'AlmaLinux 9' },
  { id: '4d1e0f9a-5b6c-4d8e-9f2a-3b4c5d6e7f05', name: 'Windows Server 2022' },
];

export interface OvhFakeVps {
  name: string;
  state: OvhVpsState;
  zone: string;
  model: { name: string; offer: string; memory: number; vcore: number; disk: number; version: string };
  ips: string[];
  /** The installed image's name (`/images/current`); a finished rebuild changes it. */
  image: string;
  /** The images it can install (`/images/available`). */
  images: OvhFakeImage[];
  /** The public key the last finished rebuild installed for root (`publicSshKey`), if it was given one. */
  rootSshKey?: string;
  /** POST /vps/:name/terminate was called (OVH then mails the account holder to confirm). */
  terminationRequested?: boolean;
  /** Its options (`vps.VpsOptionEnum`): `snapshot` lets it take one. */
  options: string[];
  /** Its one snapshot (`vps.Snapshot`), once a createSnapshot task is done. */
  snapshot?: { id: string; creationDate: string; description: string; region: string | null };
  /** The console URLs getConsoleUrl handed out. */
  consoleUrls: string[];
}

export interface OvhFakeRequest {
  method: string;
  /** As sent, base path and query included (e.g. `/1.0/vps/vps-1a2b.vps.ovh.net/ips`). */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether X-Ovh-Signature matched the fake's own computation; null for unsigned calls (/auth/time). */
  signatureValid: boolean | null;
}

/** A `vps.Task` as OVH answers it (ovh-vps.json). */
export interface OvhFakeTask {
  id: number;
  type: 'startVm' | 'stopVm' | 'rebootVm' | 'reinstallVm' | 'changeRootPassword' | 'createSnapshot' | 'revertSnapshot' | 'deleteSnapshot';
  state: 'todo' | 'doing' | 'done' | 'error';
  progress: number;
  date: string;
}

export interface OvhFake {
  /** https://<random>.api.ovh.test/1.0: give it to the adapter as `endpoint` (OVH_ENDPOINT). */
  endpoint: string;
  appKey: string;
  appSecret: string;
  consumerKey: string;
  /** The account's machines, by service name: change `state` directly to show any OVH state. */
  readonly machines: Map<string, OvhFakeVps>;
  /** Every request received, in order. */
  readonly requests: OvhFakeRequest[];
  /** Every task the power actions and rebuilds created, in order, with the machine it is for. */
  readonly tasks: Array<OvhFakeTask & { serviceName: string }>;
  /** A machine (running Debian 12 in Gravelines with a value model unless told otherwise). */
  addMachine(machine?: Partial<OvhFakeVps>): OvhFakeVps;
  /**
   * OVH starts the machine's `todo` tasks (`doing`): a stop shows `stopping`, a reboot `rebooting`,
   * a rebuild `installing`, a start nothing yet.
   */
  beginTasks(name: string): OvhFakeVps;
  /**
   * OVH finishes the machine's open tasks (`done`): a start, reboot or rebuild ends `running` (a
   * rebuild on its new image), a stop `stopped`.
   */
  settle(name: string): OvhFakeVps;
  /** The machine's open tasks end in `error`: a rebuild leaves the machine `stopped` on no usable system. */
  failTasks(name: string): OvhFakeVps;
  /** The account's carts by id (expired ones included: the API no longer shows them). */
  readonly carts: ReadonlyMap<string, OvhFakeCart>;
  /** The orders checked out, by id. */
  readonly orders: ReadonlyMap<number, OvhFakeOrder>;
  /** A plan's price per month in cents, tax excluded, from now on (OVH's prices change); adds the plan if new. */
  setPlanPrice(planCode: string, monthlyCents: number): void;
  /** Whether the account has a default payment method (it has at first): the checkout needs one. */
  setDefaultPaymentMethod(on: boolean): void;
  /** OVH cancels the order: its status turns `cancelled` and it never delivers. */
  cancelOrder(orderId: number): void;
  /** The DNS: `name` resolves to `ip` from now on (OVH refuses a reverse whose name does not). */
  resolves(name: string, ip: string): void;
  /** The reverse names set, by IP, as OVH stores them (fully qualified, with the final dot). */
  readonly reverses: ReadonlyMap<string, string>;
  /** The cart's expiry passes: OVH forgets it (404, and gone from the list). */
  expireCart(cartId: string): void;
  /**
   * While on, OVH fails every call (/auth/time included): `'http'` answers 503 with OVH's error JSON,
   * `'network'` drops the connection, `'hang'` never answers (until `down(false)` or `stop()`, which
   * answer the waiting calls 503).
   */
  down(on: boolean, how?: 'http' | 'network' | 'hang'): void;
  /** Removes the interceptors and answers any hanging call; the last OVH fake to stop lets all traffic through. */
  stop(): void;
}

/** Hosts nock lets through while the fake runs (`host` is `name:port`). */
const LOCAL_HOST = /^(127\.0\.0\.1|localhost|\[?::1\]?)(:\d+)?$/;
/** OVH fakes running in this process: stopping one must not open the internet to the others' tests. */
let running = 0;

/** What each action's task is, what the machine shows while it runs (null: no state of its own), and where it ends. */
const TASKS = {
  start: { task: 'startVm', doing: null, done: 'running', error: null },
  stop: { task: 'stopVm', doing: 'stopping', done: 'stopped', error: null },
  reboot: { task: 'rebootVm', doing: 'rebooting', done: 'running', error: null },
  rebuild: { task: 'reinstallVm', doing: 'installing', done: 'running', error: 'stopped' },
} as const;
const ACTION_OF = { startVm: 'start', stopVm: 'stop', rebootVm: 'reboot', reinstallVm: 'rebuild' } as const;
/** The machine's state while a task runs and when it ends: power actions and rebuilds move it, the others leave it. */
const movesOf = (type: OvhFakeTask['type']) =>
  type in ACTION_OF ? TASKS[ACTION_OF[type as keyof typeof ACTION_OF]] : { doing: null, done: null, error: null };

/** OVH's monitoring enums (vps.VpsMonitoringPeriodEnum, vps.VpsStatisticTypeEnum). */
const MONITORING_PERIODS: Record<string, number> = {
  today: 86_400,
  lastday: 86_400,
  lastweek: 604_800,
  lastmonth: 2_592_000,
  lastyear: 31_536_000,
};
const MONITORING_TYPES: Record<string, string> = {
  'cpu:iowait': '%',
  'cpu:max': '%',
  'cpu:nice': '%',
  'cpu:sys': '%',
  'cpu:used': '%',
  'cpu:user': '%',
  'mem:max': 'MB',
  'mem:used': 'MB',
  'net:rx': 'bps',
  'net:tx': 'bps',
};

export interface OvhFakeOptions {
  /** The fake's time (task dates, carts' expiry, orders' delivery): the movable test clock; the system's by default. */
  clock?: FakeClock;
  /** From an order's checkout to its delivery (2 minutes unless told). */
  deliveryDelayMs?: number;
  /** How long a cart lives when created without `expire` (a day unless told). */
  cartLifetimeMs?: number;
}

type Reply = [status: number, body: nock.Body];

/** OVH's error JSON (the shape its API answers for authentication errors). */
const ovhError = (status: number, statusText: string, errorCode: string, message: string): Reply => [
  status,
  { errorCode, httpCode: `${status} ${statusText}`, message },
];

/** The package escapes non-ASCII characters in JSON bodies; nock hands JSON over parsed. */
function rawBody(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body === 'string') return body;
  const escape = (m: string) => `\\u${`0000${m.charCodeAt(0).toString(16)}`.slice(-4)}`;
  return JSON.stringify(body).replace(/[\u0080-\uFFFF]/g, escape);
}

export function startOvhFake(options: OvhFakeOptions = {}): OvhFake {
  const clock = options.clock ?? { now: () => new Date() };
  // A host of its own: two fakes in one process never answer each other's calls.
  const host = `${randomBytes(4).toString('hex')}.api.ovh.test`;
  const basePath = '/1.0';
  const endpoint = `https://${host}${basePath}`;
  const appKey = randomBytes(8).toString('hex');
  const appSecret = randomBytes(16).toString('hex');
  const consumerKey = randomBytes(16).toString('hex');
  const machines: OvhFake['machines'] = new Map();
  const requests: OvhFakeRequest[] = [];
  const tasks: OvhFake['tasks'] = [];
  let failure: 'http' | 'network' | 'hang' | null = null;
  let hanging: Array<() => void> = [];
  /** The image each open rebuild task installs. */
  const rebuildImages = new Map<number, string>();
  const rebuildKeys = new Map<number, string | undefined>();
  /** The description each open createSnapshot task gives its snapshot. */
  const snapshotDescriptions = new Map<number, string>();

  /** OVH's formula, with the host the client connected to (never a port). */
  const expectedSignature = (method: string, path: string, body: string, timestamp: string) =>
    `$1$${createHash('sha1')
      .update([appSecret, consumerKey, method, `https://${host}${path}`, body, timestamp].join('+'))
      .digest('hex')}`;

  const header = (headers: IncomingHttpHeaders, name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };

  /** The outage switch: a reply to send instead, a thrown network error, or a wait. */
  async function outage(): Promise<Reply | null> {
    if (failure === null) return null;
    if (failure === 'network') throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    if (failure === 'hang') await new Promise<void>((resolve) => hanging.push(resolve));
    return [503, { class: 'Server::ServiceUnavailable', message: 'Service temporarily unavailable' }];
  }

  /** Logs the call, then checks the keys and the signature as OVH does. */
  function authenticate(method: string, path: string, headers: IncomingHttpHeaders, body: string): Reply | null {
    const signature = header(headers, 'x-ovh-signature');
    const timestamp = header(headers, 'x-ovh-timestamp') ?? '';
    const signatureValid = signature === expectedSignature(method, path, body, timestamp);
    requests.push({ method, path, headers, body, signatureValid });
    if (header(headers, 'x-ovh-application') !== appKey) {
      return ovhError(403, 'Forbidden', 'INVALID_KEY', 'This application key is invalid');
    }
    if (header(headers, 'x-ovh-consumer') !== consumerKey) {
      return ovhError(403, 'Forbidden', 'INVALID_CREDENTIAL', 'This credential does not exist');
    }
    if (!/^\d+$/.test(timestamp) || !signatureValid) {
      return ovhError(400, 'Bad Request', 'INVALID_SIGNATURE', 'Invalid signature');
    }
    return null;
  }

  const notFound = (name: string): Reply => [
    404,
    { class: 'Client::NotFound', message: `The requested object (serviceName = ${name}) does not exist` },
  ];

  function describe(vps: OvhFakeVps) {
    return {
      name: vps.name,
      displayName: vps.name,
      state: vps.state,
      zone: vps.zone,
      model: { ...vps.model, maximumAdditionnalIp: 16, datacenter: [], availableOptions: [] },
      vcore: vps.model.vcore,
      memoryLimit: vps.model.memory,
      offerType: 'ssd',
      netbootMode: 'local',
      slaMonitoring: false,
      monitoringIpBlocks: [],
      keymap: null,
      cluster: '',
    };
  }

  /** The machine's tasks, as OVH filters them (`state`, `type`). */
  function taskIds(name: string, query: URLSearchParams): number[] {
    return tasks
      .filter((t) => t.serviceName === name)
      .filter((t) => !query.get('state') || t.state === query.get('state'))
      .filter((t) => !query.get('type') || t.type === query.get('type'))
      .map((t) => t.id);
  }

  const taskBody = ({ serviceName: _machine, ...task }: OvhFakeTask & { serviceName: string }) => task as unknown as nock.Body;
  const methodNotAllowed: Reply = [405, { class: 'Client::MethodNotAllowed', message: 'Method not allowed' }];

  /** Accepted, not done: the machine moves when OVH runs the task. */
  function newTask(name: string, type: OvhFakeTask['type']): OvhFakeTask & { serviceName: string } {
    const task = {
      id: 10_000 + tasks.length,
      type,
      state: 'todo' as const,
      progress: 0,
      date: clock.now().toISOString(),
      serviceName: name,
    };
    tasks.push(task);
    return task;
  }

  function vpsRoute(method: string, segments: string[], query: URLSearchParams, body: nock.Body): Reply {
    const [name, sub, id, more] = segments;
    if (name === undefined) return method === 'GET' ? [200, [...machines.keys()]] : methodNotAllowed;
    const vps = machines.get(name);
    if (!vps) return notFound(name);
    if (method === 'GET' && sub === undefined) return [200, describe(vps) as unknown as nock.Body];
    if (method === 'GET' && sub === 'ips') return [200, vps.ips];
    if (method === 'GET' && sub === 'tasks' && id === undefined) return [200, taskIds(name, query)];
    if (method === 'GET' && sub === 'tasks') {
      const task = tasks.find((t) => t.serviceName === name && t.id === Number(id));
      return task
        ? [200, taskBody(task)]
        : [404, { class: 'Client::NotFound', message: `The requested object (id = ${id}) does not exist` }];
    }
    if (method === 'GET' && sub === 'images' && id === 'current') {
      return [200, (vps.images.find((i) => i.name === vps.image) ?? { id: null, name: vps.image }) as unknown as nock.Body];
    }
    if (method === 'GET' && sub === 'images' && id === 'available') {
      if (more === undefined) return [200, vps.images.map((i) => i.id)];
      const image = vps.images.find((i) => i.id === more);
      return image
        ? [200, { ...image }]
        : [404, { class: 'Client::NotFound', message: `The requested object (id = ${more}) does not exist` }];
    }
    if (method === 'POST' && (sub === 'start' || sub === 'stop' || sub === 'reboot') && id === undefined) {
      return [200, taskBody(newTask(name, TASKS[sub].task))];
    }
    if (method === 'POST' && sub === 'rebuild' && id === undefined) {
      const imageId = body && typeof body === 'object' && !Array.isArray(body) ? (body as { imageId?: unknown }).imageId : undefined;
      if (typeof imageId !== 'string') return [400, { class: 'Client::BadRequest', message: '[imageId] Property is mandatory' }];
      const image = vps.images.find((i) => i.id === imageId);
      if (!image) return [400, { class: 'Client::BadRequest', message: `Image ${imageId} is not available for this VPS` }];
      const publicSshKey = (body as { publicSshKey?: unknown }).publicSshKey;
      if (publicSshKey !== undefined && (typeof publicSshKey !== 'string' || !/^ssh-\S+ \S+/.test(publicSshKey))) {
        return [400, { class: 'Client::BadRequest', message: 'Invalid SSH key' }];
      }
      const task = newTask(name, 'reinstallVm');
      rebuildImages.set(task.id, image.name);
      rebuildKeys.set(task.id, publicSshKey);
      return [200, taskBody(task)];
    }
    if (method === 'POST' && sub === 'setPassword' && id === undefined) return [200, taskBody(newTask(name, 'changeRootPassword'))];
    if (method === 'POST' && sub === 'getConsoleUrl' && id === undefined) {
      const url = `https://compute.console.ovh.test/vnc_auto.html?token=${randomBytes(12).toString('hex')}`;
      vps.consoleUrls.push(url);
      return [200, JSON.stringify(url)];
    }
    if (method === 'GET' && sub === 'monitoring' && id === undefined) return monitoring(vps, query);
    if (method === 'GET' && sub === 'option' && id === undefined) return [200, vps.options];
    if (sub === 'snapshot' || sub === 'createSnapshot') return snapshotRoute(vps, method, sub, id, body);
    if (method === 'POST' && sub === 'terminate' && id === undefined) {
      vps.terminationRequested = true;
      return [200, JSON.stringify('Your termination request has been sent. You will receive an e-mail to confirm it.')];
    }
    return methodNotAllowed;
  }

  /** One point per step (5 min a day, 1 h a week, …); mem:max is the model's memory, the rest a steady pattern. */
  function monitoring(vps: OvhFakeVps, query: URLSearchParams): Reply {
    const period = query.get('period') ?? '';
    const type = query.get('type') ?? '';
    const span = MONITORING_PERIODS[period];
    const unit = MONITORING_TYPES[type];
    if (span === undefined) return [400, { class: 'Client::BadRequest', message: `[period] Invalid value ${period}` }];
    if (unit === undefined) return [400, { class: 'Client::BadRequest', message: `[type] Invalid value ${type}` }];
    const step = span / 288 >= 300 ? Math.round(span / 288) : 300;
    const end = Math.floor(clock.now().getTime() / 1000 / step) * step;
    const values = [];
    for (let t = end - span + step, i = 0; t <= end; t += step, i += 1) {
      const value = type === 'mem:max' ? vps.model.memory : type === 'mem:used' ? vps.model.memory / 2 + (i % 10) : (i % 10) * 10;
      values.push({ timestamp: t, value: i === 3 ? null : value }); // OVH leaves gaps where the machine did not report
    }
    return [200, { unit, values }];
  }

  /** The one snapshot: taken only with the option and none there, each change a task `settle` lands. */
  function snapshotRoute(vps: OvhFakeVps, method: string, sub: string, id: string | undefined, body: nock.Body): Reply {
    const noSnapshot: Reply = [
      404,
      { class: 'Client::NotFound', message: `The requested object (serviceName = ${vps.name}) does not exist` },
    ];
    if (sub === 'createSnapshot' && method === 'POST' && id === undefined) {
      if (!vps.options.includes('snapshot'))
        return [400, { class: 'Client::BadRequest', message: 'The snapshot option is not enabled on this VPS' }];
      if (vps.snapshot || openTasks(vps.name).some((t) => t.type === 'createSnapshot')) {
        return [400, { class: 'Client::BadRequest', message: 'A snapshot already exists for this VPS' }];
      }
      const description = (body as { description?: unknown } | null)?.description;
      const task = newTask(vps.name, 'createSnapshot');
      snapshotDescriptions.set(task.id, typeof description === 'string' ? description : '');
      return [200, taskBody(task)];
    }
    if (sub !== 'snapshot') return methodNotAllowed;
    if (method === 'GET' && id === undefined) return vps.snapshot ? [200, { ...vps.snapshot }] : noSnapshot;
    if (!vps.snapshot) return noSnapshot;
    if (method === 'DELETE' && id === undefined) return [200, taskBody(newTask(vps.name, 'deleteSnapshot'))];
    if (method === 'POST' && id === 'revert') return [200, taskBody(newTask(vps.name, 'revertSnapshot'))];
    return methodNotAllowed;
  }

  const dns = new Map<string, string>();
  const reverses = new Map<string, string>();

  /** /ip/{ip}/reverse (ovh-ip-reverse.json): a reverse is taken only when its name resolves to the IP. */
  function ipRoute(method: string, [ip, sub, ipReverse]: string[], body: nock.Body): Reply {
    const owned = [...machines.values()].some((vps) => vps.ips.includes(ip ?? ''));
    if (!ip || sub !== 'reverse' || !owned) return [404, { class: 'Client::NotFound', message: 'Got an invalid (or empty) URL' }];
    if (method === 'GET' && ipReverse === undefined) return [200, reverses.has(ip) ? [ip] : []];
    if (method === 'GET') {
      const reverse = reverses.get(ipReverse!);
      return reverse
        ? [200, { ipReverse, reverse }]
        : [404, { class: 'Client::NotFound', message: `The requested object (ipReverse = ${ipReverse}) does not exist` }];
    }
    if (method !== 'POST' || ipReverse !== undefined) return methodNotAllowed;
    const fields = (body ?? {}) as { ipReverse?: unknown; reverse?: unknown };
    if (fields.ipReverse !== ip || typeof fields.reverse !== 'string') {
      return [400, { class: 'Client::BadRequest', message: '[ipReverse] and [reverse] Properties are mandatory' }];
    }
    const name = fields.reverse.replace(/\.$/, '');
    if (dns.get(name) !== ip) return [400, { class: 'Client::BadRequest', message: `Cannot check if ${fields.reverse} resolves to ${ip}` }];
    reverses.set(ip, `${name}.`);
    return [200, { ipReverse: ip, reverse: `${name}.` }];
  }

  function route(method: string, pathname: string, query: URLSearchParams, body: nock.Body): Reply {
    // Segments after the base path, each decoded on its own: an encoded `/` stays inside its segment.
    const segments = pathname.startsWith(`${basePath}/`)
      ? pathname
          .slice(basePath.length + 1)
          .split('/')
          .map(decodeURIComponent)
      : [];
    ordering.deliverDue();
    if (segments[0] === 'vps') return vpsRoute(method, segments.slice(1), query, body);
    if (segments[0] === 'ip') return ipRoute(method, segments.slice(1), body);
    return ordering.route(method, segments, query, body) ?? [404, { class: 'Client::NotFound', message: `Got an invalid (or empty) URL` }];
  }

  const scope = nock(`https://${host}`).persist();
  const randomAddress = () => `51.75.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

  function addMachine(machine: Partial<OvhFakeVps> = {}): OvhFakeVps {
    const name = machine.name ?? `vps-${randomBytes(4).toString('hex')}.vps.ovh.net`;
    const vps: OvhFakeVps = {
      name,
      state: 'running',
      zone: 'Region OpenStack: os-gra7',
      model: { name: 'vps-value-1-2-40', offer: 'VPS value', memory: 2048, vcore: 1, disk: 40, version: '2019v1' },
      ips: [randomAddress(), '2001:41d0:304:200::1a2b'],
      image: 'Debian 12',
      images: OVH_FAKE_IMAGES.map((image) => ({ ...image })),
      options: [],
      consoleUrls: [],
      ...machine,
    };
    machines.set(name, vps);
    return vps;
  }

  function machineNamed(name: string): OvhFakeVps {
    const vps = machines.get(name);
    if (!vps) throw new Error(`OVH fake: no VPS ${name}`);
    return vps;
  }

  const openTasks = (name: string) => tasks.filter((t) => t.serviceName === name && (t.state === 'todo' || t.state === 'doing'));

  const ordering = createOvhOrderingFake({
    clock,
    ...(options.deliveryDelayMs !== undefined ? { deliveryDelayMs: options.deliveryDelayMs } : {}),
    ...(options.cartLifetimeMs !== undefined ? { cartLifetimeMs: options.cartLifetimeMs } : {}),
    deliver: (vps) => addMachine({ ...vps, ips: [randomAddress(), '2001:41d0:304:200::1a2b'] }),
  });
  const timeInterceptor = scope.get(`${basePath}/auth/time`);
  timeInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string) {
    requests.push({ method: 'GET', path: uri, headers: this.req.headers, body: '', signatureValid: null });
    return (await outage()) ?? [200, Math.round(Date.now() / 1000)];
  });
  const signedCalls = (['GET', 'POST', 'DELETE'] as const).map((method) => {
    const signedPath = (path: string) => path.startsWith(`${basePath}/`) && !path.startsWith(`${basePath}/auth/`);
    const interceptor = scope.intercept(signedPath, method);
    interceptor.reply(async function (this: nock.ReplyFnContext, uri: string, body: nock.Body) {
      const raw = rawBody(body);
      const refused = authenticate(method, uri, this.req.headers, raw);
      const url = new URL(uri, `https://${host}`);
      return (await outage()) ?? refused ?? route(method, url.pathname, url.searchParams, body);
    });
    return interceptor;
  });
  nock.enableNetConnect((connectHost) => LOCAL_HOST.test(connectHost));
  running += 1;
  let stopped = false;

  const release = () => {
    const waiting = hanging;
    hanging = [];
    for (const resolve of waiting) resolve();
  };

  return {
    endpoint,
    appKey,
    appSecret,
    consumerKey,
    machines,
    requests,
    tasks,
    reverses,
    resolves(name, ip) {
      dns.set(name.replace(/\.$/, ''), ip);
    },
    addMachine,
    beginTasks(name) {
      const vps = machineNamed(name);
      for (const task of openTasks(name).filter((t) => t.state === 'todo')) {
        task.state = 'doing';
        task.progress = 50;
        vps.state = movesOf(task.type).doing ?? vps.state;
      }
      return vps;
    },
    settle(name) {
      const vps = machineNamed(name);
      for (const task of openTasks(name)) {
        task.state = 'done';
        task.progress = 100;
        vps.state = movesOf(task.type).done ?? vps.state;
        vps.image = rebuildImages.get(task.id) ?? vps.image;
        if (task.type === 'reinstallVm') vps.rootSshKey = rebuildKeys.get(task.id);
        if (task.type === 'createSnapshot') {
          const description = snapshotDescriptions.get(task.id) ?? '';
          vps.snapshot = { id: randomBytes(8).toString('hex'), creationDate: clock.now().toISOString(), description, region: null };
        }
        if (task.type === 'deleteSnapshot') delete vps.snapshot;
      }
      return vps;
    },
    failTasks(name) {
      const vps = machineNamed(name);
      for (const task of openTasks(name)) {
        task.state = 'error';
        vps.state = movesOf(task.type).error ?? vps.state;
      }
      return vps;
    },
    carts: ordering.carts,
    get orders() {
      ordering.deliverDue(); // as OVH shows them now
      return ordering.orders;
    },
    setPlanPrice: ordering.setPlanPrice,
    setDefaultPaymentMethod: ordering.setDefaultPaymentMethod,
    cancelOrder: ordering.cancelOrder,
    expireCart: ordering.expireCart,
    down(on, how = 'http') {
      failure = on ? how : null;
      if (!on) release();
    },
    stop() {
      release(); // the calls already intercepted still get their 503
      nock.removeInterceptor(timeInterceptor);
      for (const interceptor of signedCalls) nock.removeInterceptor(interceptor);
      if (stopped) return;
      stopped = true;
      running -= 1;
      if (running === 0) nock.enableNetConnect();
    },
  };
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPterodactylFake, type PterodactylFake } from '../../../test/fakes/pterodactyl';
import { createPterodactylAdapter } from './pterodactyl';

// The fake panel against Pterodactyl's own source, pinned in ../shared/providers/pterodactyl: the
// fields of every answer are the transformers' (no more, no fewer), the errors are the handler's,
// and every call the adapter makes is a route of routes/api-application.php. Skipped without the
// pinned files.

const PINNED = join(process.env.PROVIDER_SPECS_DIR ?? join(process.cwd(), '..', 'shared', 'providers'), 'pterodactyl');
const present = existsSync(join(PINNED, 'routes', 'api-application.php'));
/** A pinned PHP file without its comments (whose apostrophes would read as strings). */
const php = (path: string) =>
  readFileSync(join(PINNED, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

/** The keys of a PHP array literal, nested arrays as objects: `['a' => 1, 'b' => ['c' => 2]]` → {a: true, b: {c: true}}. */
type Shape = { [key: string]: Shape | true };

/** Where the string opened at `at` closes (a backslash escapes); the end of the text if it never does. */
function closingQuote(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === text[at]) return i;
  }
  return text.length;
}

/** The text between the bracket at `open` and the one that closes it (strings and comments skipped). */
function bracketed(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    const c = text[i];
    if (c === "'" || c === '"') {
      i = closingQuote(text, i);
      continue;
    }
    if (c === '[' || c === '(') depth += 1;
    if (c === ']' || c === ')') depth -= 1;
    if (depth === 0) return text.slice(open + 1, i);
  }
  throw new Error('unclosed bracket');
}

function shapeOf(body: string): Shape {
  const shape: Shape = {};
  const text = body;
  let depth = 0;
  let start = 0;
  const entries: string[] = [];
  for (let i = 0; i <= text.length; i += 1) {
    const c = text[i];
    if (c === "'" || c === '"') {
      i = closingQuote(text, i);
      continue;
    }
    if (c === '[' || c === '(') depth += 1;
    if (c === ']' || c === ')') depth -= 1;
    if ((c === ',' && depth === 0) || i === text.length) {
      entries.push(text.slice(start, i));
      start = i + 1;
    }
  }
  for (const entry of entries) {
    const match = /^\s*(?:'([^']+)'|\$\w+->get(Created|Updated)AtColumn\(\))\s*=>\s*([\s\S]*)$/.exec(entry);
    if (!match) continue;
    const key = match[1] ?? `${match[2]!.toLowerCase()}_at`;
    const value = match[3]!.trim();
    shape[key] = value.startsWith('[') ? shapeOf(bracketed(value, 0)) : true;
  }
  return shape;
}

/** The shape of what a transformer's transform() returns. */
function transformerShape(name: string): Shape {
  const source = php(`app/Transformers/Api/Application/${name}.php`);
  const transform = source.indexOf('public function transform(');
  const open = source.indexOf('return [', transform) + 'return '.length;
  return shapeOf(bracketed(source, open));
}

/** The same shape read from an answer of the fake (relationships are the includes, not fields). */
function answerShape(value: Record<string, unknown>, nested: string[]): Shape {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'relationships')
      .map(([key, v]) => [key, nested.includes(key) ? answerShape(v as Record<string, unknown>, []) : true]),
  );
}

/** Laravel route patterns (`/servers/{server:id}/suspend`) as method + RegExp, with their group prefixes. */
function pinnedRoutes(): { method: string; pattern: RegExp; route: string }[] {
  const routes: { method: string; pattern: RegExp; route: string }[] = [];
  const prefixes: string[] = [];
  for (const line of php('routes/api-application.php').split('\n')) {
    const group = /Route::group\(\['prefix' => '([^']+)'\]/.exec(line);
    if (group) prefixes.push(group[1]!);
    else if (/^\s*\}\);/.test(line)) prefixes.pop();
    const route = /Route::(get|post|patch|delete)\('([^']*)'/.exec(line);
    if (!route) continue;
    const path = `/api/application${prefixes.join('')}${route[2]}`.replace(/\/$/, '');
    const pattern = new RegExp(`^${path.replace(/\{[^}?]+\?\}/g, '[^/]*').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    routes.push({ method: route[1]!.toUpperCase(), pattern, route: path });
  }
  return routes;
}

describe.skipIf(!present)("Pterodactyl fake against the panel's source", () => {
  let fake: PterodactylFake;
  const get = async (path: string) => {
    const response = await fetch(`${fake.url}/api/application${path}`, {
      headers: { Authorization: `Bearer ${fake.applicationKey}`, Accept: 'application/json' },
    });
    return (await response.json()) as { object: string; attributes: Record<string, unknown> & { relationships: Record<string, unknown> } };
  };

  beforeAll(async () => {
    fake = await startPterodactylFake();
    // A scenario of everything the adapter does, so its calls can be held against the routes.
    const panel = createPterodactylAdapter({ url: fake.url, applicationKey: fake.applicationKey });
    const user = await panel.findOrCreateUser({
      externalId: '1',
      email: 'shape@example.com',
      username: 'shape',
      firstName: 'S',
      lastName: 'H',
    });
    await panel.findOrCreateUser({ externalId: '2', email: 'shape@example.com', username: 'shape', firstName: 'S', lastName: 'H' });
    await panel.findServerByExternalId('svc-shape');
    const server = await panel.createServer({
      externalId: 'svc-shape',
      name: 'Shape',
      userId: user.id,
      egg: 3,
      dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: 'java -jar {{SERVER_JARFILE}}',
      environment: { SERVER_JARFILE: 'server.jar', MC_VERSION: 'latest', FABRIC_VERSION: 'latest', LOADER_VERSION: 'latest' },
      limits: { memory: 2048, swap: 0, disk: 10240, io: 500, cpu: 100 },
      featureLimits: { databases: 0, allocations: 1, backups: 1 },
      deploy: { locations: [2] },
    });
    await panel.getServer(server.id);
    await panel.suspend(server.id);
    await panel.unsuspend(server.id);
    await panel.catalogue();
    await panel.deleteServer(server.id);
  });
  afterAll(() => fake.close());

  it('the adapter calls only routes of routes/api-application.php', () => {
    const routes = pinnedRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const unknown = fake.requests.filter((r) => !routes.some((route) => route.method === r.method && route.pattern.test(r.path)));
    expect(unknown.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(new Set(fake.requests.map((r) => r.method))).toEqual(new Set(['GET', 'POST', 'DELETE']));
  });

  it("answers users, servers, allocations and eggs with exactly their transformers' fields", async () => {
    const user = await get('/users/2');
    expect(user.object).toBe('user');
    expect(answerShape(user.attributes, [])).toEqual(transformerShape('UserTransformer'));

    const panel = createPterodactylAdapter({ url: fake.url, applicationKey: fake.applicationKey });
    const made = await panel.createServer({
      externalId: 'svc-shape-2',
      name: 'Shape 2',
      userId: 2,
      egg: 5,
      dockerImage: 'ghcr.io/pterodactyl/games:source',
      startup: './srcds_run -game garrysmod',
      environment: { SRCDS_MAP: 'gm_flatgrass', SRCDS_APPID: '4020', GAMEMODE: 'sandbox', MAX_PLAYERS: '32', TICKRATE: '22' },
      limits: { memory: 2048, swap: 0, disk: 10240, io: 500, cpu: 100 },
      featureLimits: { databases: 0, allocations: 1, backups: 1 },
      deploy: { locations: [1] },
    });
    const server = await get(`/servers/${made.id}?include=allocations`);
    expect(server.object).toBe('server');
    expect(answerShape(server.attributes, ['limits', 'feature_limits', 'container'])).toEqual(transformerShape('ServerTransformer'));
    const allocations = server.attributes.relationships.allocations as {
      object: string;
      data: { object: string; attributes: Record<string, unknown> }[];
    };
    expect(allocations.object).toBe('list');
    expect(allocations.data[0]!.object).toBe('allocation');
    expect(answerShape(allocations.data[0]!.attributes, [])).toEqual(transformerShape('AllocationTransformer'));

    const egg = await get('/nests/1/eggs/1');
    expect(egg.object).toBe('egg');
    expect(answerShape(egg.attributes, ['config', 'script'])).toEqual(transformerShape('EggTransformer'));
  });

  it("answers errors as the handler shapes them: code, status, detail, and a validation error's source field and rule", async () => {
    const source = php('app/Exceptions/Handler.php');
    const convert = source.indexOf('$error = [');
    const errorKeys = Object.keys(shapeOf(bracketed(source, source.indexOf('[', convert))));
    const metaKeys = Object.keys(shapeOf(bracketed(source, source.indexOf('[', source.indexOf('$meta = [')))));
    expect(errorKeys).toEqual(['code', 'status', 'detail']);
    expect(metaKeys).toEqual(['source_field', 'rule']);

    const response = await fetch(`${fake.url}/api/application/servers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${fake.applicationKey}`, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'no egg' }),
    });
    expect(response.status).toBe(422);
    const { errors } = (await response.json()) as { errors: { meta: object }[] };
    expect(errors.length).toBeGreaterThan(3);
    for (const error of errors) {
      expect(Object.keys(error)).toEqual([...errorKeys, 'meta']);
      expect(Object.keys(error.meta)).toEqual(metaKeys);
    }
    const missing = await fetch(`${fake.url}/api/application/servers/999`, { headers: { Authorization: `Bearer ${fake.applicationKey}` } });
    expect(missing.status).toBe(404);
    expect(Object.keys(((await missing.json()) as { errors: object[] }).errors[0]!)).toEqual(errorKeys);
  });
});

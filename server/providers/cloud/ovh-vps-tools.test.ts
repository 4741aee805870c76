import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOvhFake, type OvhFake } from '../../../test/fakes/ovh';
import { createOvhAdapter } from './ovh';
import { CloudProviderError, CloudTaskRefused, CloudVpsNotFound, type CloudAdapter } from './types';

// The panel's VPS tools through the real `ovh` package against the nock fake: the paths and bodies
// OVH's schema names (ovh-vps.json), its answers read, its refusals told apart from an outage.

let fake: OvhFake;
let adapter: CloudAdapter;
beforeAll(() => {
  fake = startOvhFake();
  adapter = createOvhAdapter({ endpoint: fake.endpoint, appKey: fake.appKey, appSecret: fake.appSecret, consumerKey: fake.consumerKey });
});
afterAll(() => fake.stop());

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to throw');
}

const lastCall = () => fake.requests.at(-1)!;

describe('OVH adapter: VPS tools', () => {
  it('resets root’s password with a signed POST setPassword, told to come by mail', async () => {
    const vps = fake.addMachine();
    expect(await adapter.resetRootPassword(vps.name)).toEqual({ delivery: 'by_mail' });
    expect(lastCall()).toMatchObject({ method: 'POST', path: `/1.0/vps/${vps.name}/setPassword`, signatureValid: true });
    expect(await adapter.runningTasks(vps.name, ['changeRootPassword', 'createSnapshot'])).toEqual(['changeRootPassword']);
    fake.settle(vps.name);
    expect(await adapter.runningTasks(vps.name, ['changeRootPassword'])).toEqual([]);
  });

  it('gives OVH’s console URL, and an unknown machine as CloudVpsNotFound', async () => {
    const vps = fake.addMachine();
    expect(await adapter.consoleUrl(vps.name)).toBe(vps.consoleUrls[0]);
    expect(await caught(adapter.consoleUrl('vps-gone.vps.ovh.net'))).toBeInstanceOf(CloudVpsNotFound);
  });

  it('reads a monitoring series with its unit, gaps as null, oldest first', async () => {
    const vps = fake.addMachine();
    const series = await adapter.monitoring(vps.name, 'lastday', 'mem:used');
    expect(lastCall().path).toBe(`/1.0/vps/${vps.name}/monitoring?period=lastday&type=mem%3Aused`);
    expect(series.unit).toBe('MB');
    expect(series.values).toHaveLength(288);
    expect(series.values[3]!.value).toBeNull();
    expect(series.values[0]!.timestamp).toBeLessThan(series.values[1]!.timestamp);
  });

  it('the snapshot: the option read from /option, none as null, OVH’s refusals as CloudTaskRefused', async () => {
    const without = fake.addMachine();
    expect(await adapter.snapshotOffered(without.name)).toBe(false);
    const refused = await caught(adapter.createSnapshot(without.name, 'x'));
    expect(refused).toBeInstanceOf(CloudTaskRefused);
    expect(refused.message).toContain('snapshot option is not enabled');

    const vps = fake.addMachine({ options: ['snapshot', 'automatedBackup'] });
    expect(await adapter.snapshotOffered(vps.name)).toBe(true);
    expect(await adapter.getSnapshot(vps.name)).toBeNull();
    await adapter.createSnapshot(vps.name, 'avant');
    expect(JSON.parse(lastCall().body)).toEqual({ description: 'avant' });
    expect(await adapter.runningTasks(vps.name, ['createSnapshot', 'deleteSnapshot'])).toEqual(['createSnapshot']);
    fake.settle(vps.name);
    expect(await adapter.getSnapshot(vps.name)).toEqual({ createdAt: vps.snapshot!.creationDate, description: 'avant' });
    expect(await caught(adapter.createSnapshot(vps.name, 'encore'))).toBeInstanceOf(CloudTaskRefused);

    await adapter.revertSnapshot(vps.name);
    expect(lastCall()).toMatchObject({ method: 'POST', path: `/1.0/vps/${vps.name}/snapshot/revert` });
    fake.settle(vps.name);
    await adapter.deleteSnapshot(vps.name);
    expect(lastCall()).toMatchObject({ method: 'DELETE', path: `/1.0/vps/${vps.name}/snapshot`, signatureValid: true });
    fake.settle(vps.name);
    expect(await adapter.getSnapshot(vps.name)).toBeNull();
    expect(await caught(adapter.revertSnapshot(vps.name))).not.toBeInstanceOf(CloudTaskRefused);
  });

  it('OVH down is a CloudProviderError, not a refusal', async () => {
    const vps = fake.addMachine({ options: ['snapshot'] });
    fake.down(true);
    try {
      const err = await caught(adapter.createSnapshot(vps.name, ''));
      expect(err).toBeInstanceOf(CloudProviderError);
      expect(err).not.toBeInstanceOf(CloudTaskRefused);
    } finally {
      fake.down(false);
    }
  });
});

describe("the VPS tools' fake against OVH's own schema (ovh-vps.json)", () => {
  const schemaFile = join(process.env.PROVIDER_SPECS_DIR ?? join(process.cwd(), '..', 'shared', 'providers'), 'ovh-vps.json');
  const schemas = existsSync(schemaFile)
    ? (
        JSON.parse(readFileSync(schemaFile, 'utf8')) as {
          components: { schemas: Record<string, { enum?: string[]; properties?: object }> };
        }
      ).components.schemas
    : null;

  it.skipIf(!schemas)('answers tasks of types OVH has, a vps.Snapshot, and takes a vps.createSnapshot.post body', async () => {
    const vps = fake.addMachine({ options: ['snapshot'] });
    expect(schemas!['vps.VpsOptionEnum']!.enum).toContain('snapshot');
    await adapter.resetRootPassword(vps.name);
    await adapter.createSnapshot(vps.name, 'avant');
    expect(Object.keys(schemas!['vps.createSnapshot.post']!.properties!)).toEqual(Object.keys(JSON.parse(lastCall().body) as object));
    fake.settle(vps.name);
    await adapter.revertSnapshot(vps.name);
    await adapter.deleteSnapshot(vps.name);
    for (const { serviceName: _machine, ...task } of fake.tasks.filter((t) => t.serviceName === vps.name)) {
      expect(Object.keys(task).sort()).toEqual(Object.keys(schemas!['vps.Task']!.properties!).sort());
      expect(schemas!['vps.TaskTypeEnum']!.enum).toContain(task.type);
    }
    expect(Object.keys(vps.snapshot!).sort()).toEqual(Object.keys(schemas!['vps.Snapshot']!.properties!).sort());
  });

  it.skipIf(!schemas)('the adapter asks monitoring with periods and types of OVH’s enums', async () => {
    const vps = fake.addMachine();
    for (const period of ['lastday', 'lastweek', 'lastmonth'] as const) {
      for (const type of ['cpu:used', 'mem:used', 'mem:max', 'net:rx', 'net:tx'] as const) {
        await adapter.monitoring(vps.name, period, type);
        const query = new URL(lastCall().path, 'https://x').searchParams;
        expect(schemas!['vps.VpsMonitoringPeriodEnum']!.enum).toContain(query.get('period'));
        expect(schemas!['vps.VpsStatisticTypeEnum']!.enum).toContain(query.get('type'));
      }
    }
  });
});

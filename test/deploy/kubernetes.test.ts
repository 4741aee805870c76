import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import type { IContainer, IProbe } from 'kubernetes-models/v1';

// deploy/kubernetes checked offline against the Kubernetes API schemas (kubernetes-models), and for
// what issue 35 asks: 2+ replicas, readiness /api/ready and liveness /api/health, a 30 s grace for
// the 25 s drain, MIGRATE_ON_START=0 with the migrations as a Job, secrets by reference only, a
// Service, a PodDisruptionBudget and an autoscaler.

const DIR = new URL('../../deploy/kubernetes/', import.meta.url);
const MODELS = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
} as const;
type Kind = keyof typeof MODELS;

interface Manifest {
  file: string;
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  [key: string]: unknown;
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
const manifests: Manifest[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(new URL(file, DIR), 'utf8')).map(
    (doc) => ({ ...(doc.toJS() as Omit<Manifest, 'file'>), file }) as Manifest,
  ),
);
const find = (kind: string, name: string) => {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in deploy/kubernetes`);
  return found;
};
const deployment = new Deployment(find('Deployment', 'storefront') as never);
const job = new Job(find('Job', 'storefront-migrate') as never);
const configMap = new ConfigMap(find('ConfigMap', 'storefront-config') as never);
const app = deployment.spec!.template.spec!.containers[0]!;
const httpPath = (probe?: IProbe) => probe?.httpGet?.path;

describe('Kubernetes manifests (deploy/kubernetes)', () => {
  it.each(manifests.map((m) => [`${m.file}: ${m.kind} ${m.metadata.name}`, m] as const))('%s is valid against its schema', (_, m) => {
    const Model = MODELS[`${m.apiVersion}/${m.kind}` as Kind];
    expect(Model, `${m.apiVersion} ${m.kind} has no schema here`).toBeDefined();
    const { file: _file, ...object } = m;
    expect(() => new Model(object as never).validate()).not.toThrow();
  });

  it('the schema check refuses a wrong manifest (it is not a no-op)', () => {
    const broken = { ...find('Deployment', 'storefront'), spec: { replicas: 'two' } };
    expect(() => new Deployment(broken as never).validate()).toThrow(/replicas must be integer/);
  });

  it('kustomization.yaml applies every manifest file', () => {
    const kustomization = parseAllDocuments(readFileSync(new URL('kustomization.yaml', DIR), 'utf8'))[0]!.toJS() as {
      resources: string[];
    };
    expect([...kustomization.resources].sort()).toEqual([...files].sort());
  });

  it('runs 2+ replicas, ready on /api/ready, alive on /api/health, with 30 s to drain in 25 s', () => {
    expect(deployment.spec!.replicas).toBeGreaterThanOrEqual(2);
    expect(httpPath(app.readinessProbe)).toBe('/api/ready');
    expect(httpPath(app.livenessProbe)).toBe('/api/health');
    expect(deployment.spec!.template.spec!.terminationGracePeriodSeconds).toBe(30);
    expect(deployment.spec!.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
    expect(app.ports?.[0]?.containerPort).toBe(3000);
  });

  it('leaves the migrations to a Job that runs once, with MIGRATE_ON_START=0 on the replicas', () => {
    expect(configMap.data?.MIGRATE_ON_START).toBe('0');
    expect(app.envFrom).toContainEqual({ configMapRef: { name: 'storefront-config' } });
    const migrate = job.spec!.template.spec!.containers[0]!;
    expect(migrate.command).toEqual(['node', '--enable-source-maps', 'dist-server/server/migrate.js']);
    expect(migrate.image).toBe(app.image); // the same release
    expect(job.spec!.template.spec!.restartPolicy).toBe('Never');
    expect(job.spec!.completions ?? 1).toBe(1);
    expect(job.spec!.parallelism ?? 1).toBe(1);
  });

  it('takes secrets by reference only: no Secret object and no secret value in the repository', () => {
    expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
    expect(app.envFrom).toContainEqual({ secretRef: { name: 'storefront-secrets' } });
    const containers: IContainer[] = [app, job.spec!.template.spec!.containers[0]!];
    for (const container of containers) {
      for (const variable of container.env ?? []) expect(variable.value, variable.name).toBeUndefined();
    }
    expect(job.spec!.template.spec!.containers[0]!.env).toContainEqual({
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: 'storefront-secrets', key: 'DATABASE_URL' } },
    });
    for (const secret of ['DATABASE_URL', 'JWT_SECRET', 'ENCRYPTION_KEY', 'SMTP_URL', 'STRIPE_SECRET_KEY']) {
      expect(configMap.data ?? {}).not.toHaveProperty(secret);
    }
  });

  it('exposes the replicas through a Service, keeps one up through disruptions, and scales from 2', () => {
    const labels = deployment.spec!.selector.matchLabels;
    expect(deployment.spec!.template.metadata?.labels).toMatchObject(labels!);
    const service = new Service(find('Service', 'storefront') as never);
    expect(service.spec!.selector).toEqual(labels);
    expect(service.spec!.ports?.[0]?.targetPort).toBe('http');

    const pdb = new PodDisruptionBudget(find('PodDisruptionBudget', 'storefront') as never);
    expect(pdb.spec!.selector?.matchLabels).toEqual(labels);
    expect(pdb.spec!.maxUnavailable).toBe(1);

    const hpa = new HorizontalPodAutoscaler(find('HorizontalPodAutoscaler', 'storefront') as never);
    expect(hpa.spec!.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'storefront' });
    expect(hpa.spec!.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec!.maxReplicas).toBeGreaterThan(hpa.spec!.minReplicas!);
    expect(app.resources?.requests?.cpu).toBeDefined(); // what CPU utilisation is measured against
  });

  it('serves HTTPS through one ingress hop, the one TRUST_PROXY believes', () => {
    const ingress = new Ingress(find('Ingress', 'storefront') as never);
    expect(ingress.spec!.tls?.[0]?.secretName).toBeDefined();
    expect(ingress.spec!.rules?.[0]?.http?.paths[0]?.backend.service?.name).toBe('storefront');
    expect(configMap.data?.TRUST_PROXY).toBe('1');
    expect(configMap.data?.PUBLIC_URL).toMatch(/^https:\/\//);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseTrustProxy } from '../../server/http/trust-proxy';

// compose.yaml checked offline, as `docker compose config` would read it (YAML merge keys resolved):
// what issue 35 asks of a production compose file. `docker compose` itself is not on CI's machine.

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  restart?: string;
  environment?: Record<string, string>;
  env_file?: { path: string; required: boolean }[];
  deploy?: { replicas?: number };
  stop_grace_period?: string;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string }>;
  secrets?: string[];
  configs?: { source: string; target: string }[];
}
interface Compose {
  services: Record<string, Service>;
  configs: Record<string, { content: string }>;
  secrets: Record<string, { file: string }>;
  networks: Record<string, { ipam: { config: { subnet: string }[] } }>;
}

const ROOT = new URL('../../', import.meta.url);
const compose = parse(readFileSync(new URL('compose.yaml', ROOT), 'utf8'), { merge: true }) as Compose;
const { app, proxy, migrate, db, redis } = compose.services;

describe('compose.yaml (production)', () => {
  it('runs two replicas of the Dockerfile image, stopped with the 30 s the drain needs', () => {
    expect(app?.build).toBe('.');
    expect(existsSync(new URL('Dockerfile', ROOT))).toBe(true);
    expect(app?.deploy?.replicas).toBe(2);
    expect(app?.stop_grace_period).toBe('30s');
  });

  it('puts a TLS reverse proxy in front, the only peer the replicas believe about client addresses', () => {
    expect(proxy?.image).toMatch(/^caddy:2/); // automatic HTTPS
    expect(proxy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(compose.configs.caddyfile?.content).toMatch(/reverse_proxy \{\s+dynamic a app 3000/);
    expect(app?.ports).toBeUndefined(); // reached through the proxy only

    const proxyAddress = (proxy?.networks as Record<string, { ipv4_address?: string }>).backend?.ipv4_address;
    expect(app?.environment?.TRUST_PROXY).toBe(proxyAddress);
    expect(parseTrustProxy(app!.environment!.TRUST_PROXY!)).toEqual([proxyAddress]);
    const subnet = compose.networks.backend?.ipam.config[0]?.subnet ?? '';
    expect(proxyAddress?.startsWith(subnet.replace(/0\/24$/, ''))).toBe(true);
    expect(app?.environment?.PUBLIC_URL).toMatch(/^https:\/\//);
  });

  it('checks each replica on /api/ready and starts them after the migration run, with MIGRATE_ON_START=0', () => {
    expect(app?.healthcheck?.test.join(' ')).toContain("http://127.0.0.1:3000/api/ready'");
    expect(app?.environment?.MIGRATE_ON_START).toBe('0');
    expect(app?.depends_on).toMatchObject({
      migrate: { condition: 'service_completed_successfully' },
      redis: { condition: 'service_healthy' },
    });
    expect(migrate?.command).toEqual(['node', '--enable-source-maps', 'dist-server/server/migrate.js']);
    expect(migrate?.restart).toBe('no');
    expect(migrate?.image).toBe(app?.image);
    expect(migrate?.depends_on).toMatchObject({ db: { condition: 'service_healthy' } });
    expect(readFileSync(new URL('tools/build-server.ts', ROOT), 'utf8')).toContain('server/migrate.ts'); // compiled into the image
  });

  it('shares one Postgres and one Redis between the replicas', () => {
    expect(db?.image).toMatch(/^postgres:/);
    expect(redis?.image).toMatch(/^redis:/);
    expect(app?.environment?.REDIS_URL).toBe('redis://redis:6379');
    expect(db?.healthcheck?.test).toContain('pg_isready');
  });

  it('keeps secrets out of the file: an env file that git ignores, and a Docker secret for Postgres', () => {
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'ENCRYPTION_KEY', 'SMTP_URL']) {
      for (const service of [app, migrate]) expect(service?.environment).not.toHaveProperty(name);
    }
    const envFile = app?.env_file?.[0]?.path ?? '';
    expect(envFile).toBe('deploy/compose/storefront.env');
    expect(readFileSync(new URL('.gitignore', ROOT), 'utf8').split('\n')).toContain(envFile);
    expect(readFileSync(new URL(`${envFile}.example`, ROOT), 'utf8')).toMatch(/^ENCRYPTION_KEY=$/m);
    expect(db?.environment?.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
    expect(db?.environment).not.toHaveProperty('POSTGRES_PASSWORD');
    expect(compose.secrets.postgres_password?.file).toBe('deploy/compose/secrets/postgres_password');
  });
});

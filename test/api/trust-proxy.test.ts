import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/app';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Per-address limits count on req.ip, which X-Forwarded-For sets only through a trusted proxy
// (TRUST_PROXY, issue 15 item 11). The probe is the contact form: 5 messages per hour from one
// address for a visitor, no argon2. supertest's peer is 127.0.0.1, a loopback "proxy".

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** The statuses of 6 contact messages from a visitor, each with the X-Forwarded-For `forwardedFor(i)`. */
async function sixRequests(config: Partial<AppConfig>, forwardedFor: (i: number) => string): Promise<number[]> {
  const app = createTestApp(database.db, { config });
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await request(app).post('/api/contact').set('X-Forwarded-For', forwardedFor(i)).send(CONTACT);
    statuses.push(res.status);
  }
  return statuses;
}

const CONTACT = { name: 'Camille', email: 'camille@example.test', subject: 'Question', message: 'Bonjour' };
const LIMITED = [201, 201, 201, 201, 201, 429];

describe('TRUST_PROXY decides whose X-Forwarded-For counts', () => {
  it('false: a client rotating X-Forwarded-For is still one address', async () => {
    expect(await sixRequests({ trustProxy: false }, (i) => `198.51.100.${i + 1}`)).toEqual(LIMITED);
  });

  it('the default (loopback): a private hop in the chain is the client, rotating the left-most value does not help', async () => {
    // The loopback proxy is believed about its peer 10.0.0.7; 10.0.0.7 is not a trusted proxy, so
    // what it claims to forward is not believed.
    expect(await sixRequests({}, (i) => `1.2.3.${i + 1}, 10.0.0.7`)).toEqual(LIMITED);
  });

  it('the default: a reverse proxy on the same machine gives each client its own count', async () => {
    const app = createTestApp(database.db);
    const ask = (from: string) => request(app).post('/api/contact').set('X-Forwarded-For', from).send(CONTACT);
    for (let i = 0; i < 5; i++) expect((await ask('203.0.113.1')).status).toBe(201);
    expect((await ask('203.0.113.1')).status).toBe(429);
    expect((await ask('203.0.113.2')).status).toBe(201);
  });

  it('a Docker network: trusting the proxy containers range (uniquelocal) keys on the client it forwards', async () => {
    expect(await sixRequests({ trustProxy: ['loopback', 'uniquelocal'] }, () => '203.0.113.50, 172.18.0.3')).toEqual(LIMITED);
    const rotating = await sixRequests({ trustProxy: ['loopback', 'uniquelocal'] }, (i) => `203.0.113.${60 + i}, 172.18.0.3`);
    expect(rotating).toEqual(Array(6).fill(201)); // six different clients behind the proxy
  });
});

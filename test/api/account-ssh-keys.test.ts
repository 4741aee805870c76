import { generateKeyPairSync } from 'node:crypto';
import sshpk from 'sshpk';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Issue 33: the account's SSH public keys, given to a VPS at reinstall.

// Made by `ssh-keygen -t ed25519 -C camille@laptop` and `ssh-keygen -t rsa -b 3072 -C ci`; the
// fingerprints are what `ssh-keygen -l` printed for them.
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICA+9+l7CbHMAT592q/2vb3jhf4RSWGv6xxfiDxIEFI1 camille@laptop';
const ED25519_FINGERPRINT = 'SHA256:QfWCM0fu+V3JT9jsinBKezufm6gkkZ+9j7b9eO8Sfqs';
const RSA_3072 =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQC9stohqTvNmbSXBmA0jRUs7NHdqxNKpTIC75+rrd9EYV3L1UHUS4GrRSn9sGQTfK0o51lGRc94VQKwM+Kda23iBIUhlVixYco63myqNKl3OWWyZ8m8cA81sduB9ft6tqUXwQMGXqqEZ+fKq1hwAvNbw02xCGiUbEM8RI6aqPh36/+VnbNhqy3KXTIbGW0VXfAU+Rq30Ey6eCb/41hFI4eyVj6c7twRiHC1ccO8Jfs5/gYQe+3wCtMo9ulX1apxoW+FsBGy1lSoim4hB+HLDwAXJaGFpNlya2o/do3sicqm/A9bZWQdlZp8tz8F4QxSGpUz6hHt9p9I60EahJZCOczotOKDX2Lu2U3WwYDlUXeyO4PSso1cpAYBByBXP8xrYM06z2etOZVH9z82Syeoy+WvFmqOyYB/etqBsu7iFoLjhubQPrp1gpx7vZDnqJsyasdf8RUv4vRPjZBlur9E+go1h9TRhS2164ER4m97NTpcKWnt+UuLj2UhbpbBw0V4AVU= ci';
const RSA_3072_FINGERPRINT = 'SHA256:2ZmvIRtOBxYTjZzwhokMCyrVlQQEzEXETyit7ko+HrA';
const RSA_1024 =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDud3azaQsaLiqfRw/OS4ucSdzI2WkC5yf6BXpmFz4qO/Vh1VoU13XD28bsljnjCwZ0uFK31sQudmGem8WM02SYQAHaYdH8vQ6OLX9anoMpodCOuBROYqdzXLSiUmslgqMGl5dj3TWyHGTA25bLb9cBkMajuLk9n6QvVAMbt1LMaw== old';

/** A fresh ed25519 public key in OpenSSH's line format. */
function freshKey(): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  return sshpk.parseKey(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'pem').toString('ssh');
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const app = () => createTestApp(database.db);
const customer = () => buildAccount(database.db);
const add = (userId: number, body: object) => request(app()).post('/api/account/ssh-keys').set('Authorization', bearer(userId)).send(body);
const list = async (userId: number) =>
  (await request(app()).get('/api/account/ssh-keys').set('Authorization', bearer(userId)).expect(200)).body.sshKeys as Array<{
    id: number;
    name: string;
    fingerprint: string;
  }>;

describe('POST /api/account/ssh-keys', () => {
  it('adds ed25519 and RSA keys with the fingerprints ssh-keygen prints, newest first, audited', async () => {
    const user = await customer();
    const first = await add(user.id, { name: ' Portable ', publicKey: ED25519 }).expect(201);
    expect(first.body.sshKey).toMatchObject({ name: 'Portable', type: 'ssh-ed25519', fingerprint: ED25519_FINGERPRINT });
    await add(user.id, { name: 'CI', publicKey: `  ${RSA_3072}\n` }).expect(201);
    expect((await list(user.id)).map((k) => [k.name, k.fingerprint])).toEqual([
      ['CI', RSA_3072_FINGERPRINT],
      ['Portable', ED25519_FINGERPRINT],
    ]);
    const audit = await database.db('audit_log').where({ actor_id: user.id, action: 'ssh_key.added' });
    expect(audit).toHaveLength(2);
  });

  it('refuses what is not an OpenSSH public key with a field error, and stores nothing', async () => {
    const user = await customer();
    const [type, blob] = ED25519.split(' ');
    const cases: Array<[object, string, string]> = [
      [{ name: 'x', publicKey: 'hello world' }, 'publicKey', 'sshkeys.errortype'],
      [{ name: 'x', publicKey: `${type} ${blob!.slice(0, 30)}` }, 'publicKey', 'sshkeys.errorkey'],
      // The line says RSA, the blob is an ed25519 key.
      [{ name: 'x', publicKey: `ssh-rsa ${blob}` }, 'publicKey', 'sshkeys.errorkey'],
      [{ name: 'x', publicKey: RSA_1024 }, 'publicKey', 'sshkeys.errorweak'],
      [
        { name: 'x', publicKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----' },
        'publicKey',
        'sshkeys.errorkey',
      ],
      [{ name: '', publicKey: ED25519 }, 'name', 'sshkeys.errorname'],
      [{ name: 'x'.repeat(65), publicKey: ED25519 }, 'name', 'sshkeys.errorname'],
      [{ name: 'x' }, 'publicKey', 'sshkeys.errorkey'],
    ];
    for (const [body, field, message] of cases) {
      const res = await add(user.id, body).expect(400);
      expect(res.body.fields[field]).toContain(message);
    }
    expect(await list(user.id)).toEqual([]);
  });

  it('the same key twice is a 409 and one key stays', async () => {
    const user = await customer();
    await add(user.id, { name: 'A', publicKey: ED25519 }).expect(201);
    const again = await add(user.id, { name: 'B', publicKey: ED25519.replace('camille@laptop', 'other comment') }).expect(409);
    expect(again.body.error).toBe('ssh_key_exists');
    expect(await list(user.id)).toHaveLength(1);
  });

  it('another account may hold the same key', async () => {
    const [a, b] = [await customer(), await customer()];
    await add(a.id, { name: 'A', publicKey: ED25519 }).expect(201);
    await add(b.id, { name: 'B', publicKey: ED25519 }).expect(201);
  });

  it('an account holds at most 20 keys', async () => {
    const user = await customer();
    for (let i = 0; i < 20; i++) await add(user.id, { name: `k${i}`, publicKey: freshKey() }).expect(201);
    const over = await add(user.id, { name: 'k20', publicKey: freshKey() }).expect(409);
    expect(over.body.error).toBe('ssh_key_limit');
    expect(await list(user.id)).toHaveLength(20);
  });

  it('401 without a session', async () => {
    await request(app()).post('/api/account/ssh-keys').send({ name: 'A', publicKey: ED25519 }).expect(401);
    await request(app()).get('/api/account/ssh-keys').expect(401);
  });
});

describe('DELETE /api/account/ssh-keys/{id}', () => {
  it('removes the owner’s key; another customer’s is 404 and stays', async () => {
    const [owner, other] = [await customer(), await customer()];
    const { body } = await add(owner.id, { name: 'A', publicKey: ED25519 }).expect(201);
    await request(app()).delete(`/api/account/ssh-keys/${body.sshKey.id}`).set('Authorization', bearer(other.id)).expect(404);
    expect(await list(owner.id)).toHaveLength(1);
    await request(app())
      .delete(`/api/account/ssh-keys/${body.sshKey.id}`)
      .set('Authorization', bearer(owner.id))
      .expect(200, { removed: true });
    expect(await list(owner.id)).toEqual([]);
    await request(app()).delete(`/api/account/ssh-keys/${body.sshKey.id}`).set('Authorization', bearer(owner.id)).expect(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViesFake, type ViesFake } from '../../../test/fakes/vies';
import { createSandboxVatChecker } from './sandbox';
import { createViesChecker } from './vies';

let fake: ViesFake;
beforeAll(async () => {
  fake = await startViesFake({ valid: { FR12345678901: { name: 'OCTET SAS', address: '3 RUE DE LA PAIX\n75002 PARIS' } } });
});
afterAll(() => fake.close());

const checker = () => createViesChecker({ baseUrl: fake.baseUrl, timeoutMs: 2_000 });

describe('VIES adapter (REST)', () => {
  it('posts countryCode and vatNumber and reads valid, name and address', async () => {
    fake.down(false);
    expect(await checker().check('FR', '12345678901')).toEqual({
      status: 'valid',
      name: 'OCTET SAS',
      address: '3 RUE DE LA PAIX\n75002 PARIS',
    });
    expect(fake.requests.at(-1)).toEqual({ path: '/check-vat-number', body: { countryCode: 'FR', vatNumber: '12345678901' } });
  });

  it('a number VIES does not know is invalid, as is one it refuses as malformed', async () => {
    fake.down(false);
    expect(await checker().check('FR', '99999999999')).toEqual({ status: 'invalid' });
    expect(await checker().check('FR', 'X'.repeat(14))).toEqual({ status: 'invalid' });
  });

  it.each(['unavailable', 'userError', 'http', 'network'] as const)(
    'VIES down (%s) leaves the check pending, never throws',
    async (how) => {
      fake.down(true, how);
      expect(await checker().check('FR', '12345678901')).toEqual({ status: 'pending' });
      fake.down(false);
    },
  );

  it('nothing listening at all: pending', async () => {
    expect(await createViesChecker({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000 }).check('FR', '12345678901')).toEqual({
      status: 'pending',
    });
  });
});

describe('sandbox checker (development without VIES_URL)', () => {
  it('is offline and predictable: well-formed valid, 0000 invalid, 9999 pending', async () => {
    const sandbox = createSandboxVatChecker();
    expect((await sandbox.check('FR', '12345678901')).status).toBe('valid');
    expect((await sandbox.check('FR', '12345670000')).status).toBe('invalid');
    expect((await sandbox.check('FR', '12345679999')).status).toBe('pending');
    expect((await sandbox.check('FR', '12')).status).toBe('invalid');
  });
});

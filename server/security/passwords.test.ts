import { afterEach, describe, expect, it } from 'vitest';
import { configurePasswordWork, DEFAULT_PASSWORD_WORK, hashPassword, passwordWorkGate, verifyPassword } from './passwords';
import { GateBusyError } from './work-gate';

afterEach(() => configurePasswordWork(DEFAULT_PASSWORD_WORK));

describe('password work passes the gate', () => {
  it('an unknown e-mail (no hash) costs one gated argon2 run like a real hash: it holds the slot while it runs', async () => {
    configurePasswordWork({ concurrency: 1, queue: 0 });
    const unknown = verifyPassword(null, 'a-guess');
    expect(passwordWorkGate().running).toBe(1);
    await expect(verifyPassword(null, 'another-guess')).rejects.toBeInstanceOf(GateBusyError);
    await expect(unknown).resolves.toBe(false);
    expect(passwordWorkGate().running).toBe(0);
  });

  it('verification and hashing are refused at once while the gate is full', async () => {
    configurePasswordWork({ concurrency: 1, queue: 0 });
    let release!: () => void;
    const held = passwordWorkGate().run(() => new Promise<void>((resolve) => (release = resolve)));
    const hash = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG'; // shape only
    await expect(verifyPassword(hash, 'guess')).rejects.toBeInstanceOf(GateBusyError);
    await expect(verifyPassword(undefined, 'guess')).rejects.toBeInstanceOf(GateBusyError);
    await expect(hashPassword('a-new-password')).rejects.toBeInstanceOf(GateBusyError);
    release();
    await held;
  });

  it('still tells a right password from a wrong one', async () => {
    const hash = await hashPassword('Correct-horse-1');
    expect(await verifyPassword(hash, 'Correct-horse-1')).toBe(true);
    expect(await verifyPassword(hash, 'Correct-horse-2')).toBe(false);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { configurePasswordWork, DEFAULT_PASSWORD_WORK, hashPassword, passwordWorkGate, verifyPassword } from './passwords';
import { GateBusyError } from './work-gate';

afterEach(() => configurePasswordWork(DEFAULT_PASSWORD_WORK));

describe('password work passes the gate', () => {
  it('an unknown e-mail (no hash) runs no argon2: it waits as long as a real check without taking a slot', async () => {
    const hash = await hashPassword('Correct-horse-1');
    const started = performance.now();
    await verifyPassword(hash, 'a-wrong-guess');
    const realMs = performance.now() - started;

    configurePasswordWork({ concurrency: 1, queue: 1 });
    let release!: () => void;
    const held = passwordWorkGate().run(() => new Promise<void>((resolve) => (release = resolve)));
    const waitStarted = performance.now();
    const unknown = verifyPassword(null, 'a-guess');
    expect([passwordWorkGate().running, passwordWorkGate().waiting]).toEqual([1, 0]);
    await expect(unknown).resolves.toBe(false); // while the only slot is still held
    expect(performance.now() - waitStarted).toBeGreaterThan(realMs / 3);
    release();
    await held;
  });

  it('a returning device has its own lane: it checks its password while strangers hold every shared slot', async () => {
    configurePasswordWork({ concurrency: 1, queue: 0 });
    const hash = await hashPassword('Correct-horse-1');
    let release!: () => void;
    const held = passwordWorkGate().run(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(verifyPassword(hash, 'Correct-horse-1')).rejects.toBeInstanceOf(GateBusyError);
    expect(await verifyPassword(hash, 'Correct-horse-1', 'returning-device')).toBe(true);
    release();
    await held;
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

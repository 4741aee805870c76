import { describe, expect, it } from 'vitest';
import { createWorkGate, GateBusyError } from './work-gate';

/** A work item the test finishes by hand. */
function controllable() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  let started = false;
  const work = () => {
    started = true;
    return done;
  };
  return { work, finish, fail, started: () => started };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the work gate', () => {
  it('runs at most `concurrency` items at once; the queued ones start in order as slots free', async () => {
    const gate = createWorkGate('test', { concurrency: 2, queue: 2 });
    const items = Array.from({ length: 4 }, controllable);
    const runs = items.map((item) => gate.run(item.work));
    await settle();
    expect(items.map((i) => i.started())).toEqual([true, true, false, false]);
    expect([gate.running, gate.waiting]).toEqual([2, 2]);

    items[1]!.finish();
    await settle();
    expect(items.map((i) => i.started())).toEqual([true, true, true, false]);

    items[0]!.finish();
    items[2]!.finish();
    await settle();
    expect(items[3]!.started()).toBe(true);
    items[3]!.finish();
    await Promise.all(runs);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('refuses at once with GateBusyError when the slots and the queue are full, without starting the work', async () => {
    const gate = createWorkGate('argon2', { concurrency: 1, queue: 1 });
    const running = controllable();
    const queued = controllable();
    const refused = controllable();
    const first = gate.run(running.work);
    const second = gate.run(queued.work);

    const error = await gate.run(refused.work).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GateBusyError);
    expect(error).toMatchObject({ gate: 'argon2', retryAfterSeconds: 1 });
    expect(refused.started()).toBe(false);

    running.finish();
    queued.finish();
    await Promise.all([first, second]);
    await expect(gate.run(async () => 'room again')).resolves.toBe('room again');
  });

  it('with no queue, refuses whatever finds every slot taken', async () => {
    const gate = createWorkGate('test', { concurrency: 1, queue: 0 });
    const holder = controllable();
    const held = gate.run(holder.work);
    await expect(gate.run(async () => 'never')).rejects.toBeInstanceOf(GateBusyError);
    holder.finish();
    await held;
  });

  it('frees the slot of a work item that fails, and passes its error on', async () => {
    const gate = createWorkGate('test', { concurrency: 1, queue: 0 });
    const failing = controllable();
    const run = gate.run(failing.work);
    failing.fail(new Error('argon2 broke'));
    await expect(run).rejects.toThrow('argon2 broke');
    expect(gate.running).toBe(0);
    await expect(gate.run(async () => 42)).resolves.toBe(42);
  });

  it('refuses a size that cannot work', () => {
    expect(() => createWorkGate('test', { concurrency: 0, queue: 1 })).toThrow(RangeError);
    expect(() => createWorkGate('test', { concurrency: 1, queue: -1 })).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { createGameConsolePanel, type ConsoleMessage } from './index';

// The sandbox console (no panel configured): it echoes commands with a Minecraft server's answers,
// and its power signals take time, as a real start does.

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe('sandbox game console', () => {
  it('echoes a command with its answer, streams its log, and goes stopping → offline → starting → running on restart', async () => {
    const panel = createGameConsolePanel({ gameConsoleSandbox: { stepMs: 120, statsEveryMs: 50 } });
    const session = await panel.openConsole('abcd1234');
    const seen: ConsoleMessage[] = [];
    session.onMessage((m) => seen.push(m));
    await waitFor(() => seen.some((m) => m.event === 'status'));
    expect(seen[0]).toEqual({ event: 'status', args: ['running'] });

    session.send({ event: 'send command', args: ['say salut'] });
    const lines = seen.filter((m) => m.event === 'console output').map((m) => m.args![0]);
    expect(lines.at(-2)).toMatch(/INFO\]: > say salut$/);
    expect(lines.at(-1)).toMatch(/INFO\]: \[Server\] salut$/);

    session.send({ event: 'send logs' });
    expect(seen.filter((m) => m.event === 'console output').some((m) => m.args![0]!.includes('Done ('))).toBe(true);

    await panel.power('abcd1234', 'restart');
    await waitFor(() => seen.filter((m) => m.event === 'status').at(-1)?.args?.[0] === 'running');
    expect(seen.filter((m) => m.event === 'status').map((m) => m.args![0])).toEqual([
      'running',
      'stopping',
      'offline',
      'starting',
      'running',
    ]);
    // Stats come every few seconds, in Wings' shape (one JSON string).
    const statsOf = (m: ConsoleMessage) => JSON.parse(m.args![0]!) as { state: string; network: object };
    await waitFor(() => seen.some((m) => m.event === 'stats' && statsOf(m).state === 'running'));
    const stats = statsOf(seen.filter((m) => m.event === 'stats').at(-1)!);
    expect(stats).toMatchObject({ state: 'running', network: { rx_bytes: expect.any(Number) } });
    expect((await panel.resources('abcd1234')).state).toBe('running');

    await panel.power('abcd1234', 'kill');
    expect(await panel.resources('abcd1234')).toMatchObject({ state: 'offline', cpuPercent: 0, uptimeSeconds: 0 });
    session.close();
  });
});

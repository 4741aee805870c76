import { describe, expect, it } from 'vitest';
import { boundedErrorSerializer, MAX_ERROR_TEXT } from './logger-bounded-error';

describe('logged errors', () => {
  it('carry at most a bounded part of a huge query text, and never its bound values', () => {
    const sql = `select * from "order_lines" where "order_id" in (${'$1, '.repeat(100_000)})`;
    const err = Object.assign(new Error(`${sql} - bind message has 100000 parameter formats`), { sql, bindings: [1, 2, 3] });
    const logged = boundedErrorSerializer(err) as Record<string, unknown>;
    expect(String(logged.message).length).toBeLessThan(MAX_ERROR_TEXT + 100);
    expect(String(logged.message)).toMatch(/^select \* from "order_lines"/);
    expect(String(logged.sql).length).toBeLessThan(MAX_ERROR_TEXT + 100);
    expect(String(logged.stack).length).toBeLessThan(MAX_ERROR_TEXT + 100);
    expect(logged).not.toHaveProperty('bindings');
  });

  it('leave a short error as it is', () => {
    const logged = boundedErrorSerializer(new Error('connection refused')) as Record<string, unknown>;
    expect(logged.message).toBe('connection refused');
    expect(logged.type).toBe('Error');
  });
});

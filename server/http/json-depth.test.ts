import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { next: value };
  return value;
};

describe('nestsDeeperThan', () => {
  it('counts objects and arrays as levels, not the texts and numbers in them', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: 'two' }, 1)).toBe(false);
  });

  it('walks a million levels without overflowing the stack', () => {
    expect(nestsDeeperThan(nested(1_000_000), MAX_JSON_DEPTH)).toBe(true);
  });

  it('reads a raw body of bytes as one level', () => {
    expect(nestsDeeperThan(Buffer.alloc(10_000), 0)).toBe(false);
  });
});

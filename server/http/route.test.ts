import { describe, expect, it } from 'vitest';
import { findNulByte } from './route';

describe('findNulByte', () => {
  it('names the first text holding U+0000, however deep, keys included', () => {
    expect(findNulByte({ name: 'ok', items: [{ note: 'a\u0000b' }] })).toBe('items.0.note');
    expect(findNulByte({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNulByte('\u0000')).toBe('');
  });

  it('finds nothing in clean input, numbers or a raw body of bytes', () => {
    expect(findNulByte({ name: 'Camille', qty: 0, tags: ['a', 'b'], nested: { on: true } })).toBeNull();
    expect(findNulByte(Buffer.from([0, 1, 0]))).toBeNull();
  });
});

describe('findNulByte on hostile depth', () => {
  it('walks arrays nested 100,000 deep without overflowing the stack, and still names the NUL', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => findNulByte({ items: deep })).not.toThrow();
    expect(findNulByte({ items: deep })).toBe(`items${'.0'.repeat(100_000)}`);
  });

  it('names the first NUL in document order, a bad key before what lies under it', () => {
    expect(findNulByte({ a: ['ok', { b: 'x\u0000' }], c: '\u0000' })).toBe('a.1.b');
    expect(findNulByte({ ['k\u0000']: { inner: '\u0000' } })).toBe('k\u0000');
  });
});

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

import { describe, expect, it } from 'vitest';
import { auditChangeLines, shortValue } from './audit-change';

describe('auditChangeLines (the Avant → Après cell)', () => {
  it('one line per changed field, old then new', () => {
    expect(auditChangeLines({ stock: 4, is_active: true }, { stock: 9, is_active: false })).toEqual([
      'stock: 4 → 9',
      'is_active: true → false',
    ]);
  });

  it('a field only after (a creation) or only before reads ∅ on the missing side', () => {
    expect(auditChangeLines(null, { slug: 'vps-debian', price_cents: 1299 })).toEqual(['slug: ∅ → vps-debian', 'price_cents: ∅ → 1299']);
    expect(auditChangeLines({ status: 'pending' }, null)).toEqual(['status: pending → ∅']);
  });

  it('nothing for a row without before or after; a non-object is shown whole', () => {
    expect(auditChangeLines(null, null)).toEqual([]);
    expect(auditChangeLines('a', 'b')).toEqual(['a → b']);
  });

  it('objects as compact JSON, long values cut', () => {
    expect(shortValue({ ram: '4 Go' })).toBe('{"ram":"4 Go"}');
    const long = shortValue('x'.repeat(200));
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });
});

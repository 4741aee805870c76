import { describe, expect, it } from 'vitest';
import { currentSlot, nextSlotAt } from './charge-slots';

const DUE = new Date('2026-12-31T09:00:00Z');
const at = (days: number) => new Date(DUE.getTime() + days * 86_400_000);

describe('renewal charge slots', () => {
  it('none before 3 days ahead, then 3 days, 1 day and the due date', () => {
    expect(currentSlot(at(-3.01), DUE)).toBeNull();
    expect(currentSlot(at(-3), DUE)).toBe('due-3');
    expect(currentSlot(at(-1.5), DUE)).toBe('due-3');
    expect(currentSlot(at(-1), DUE)).toBe('due-1');
    expect(currentSlot(at(0), DUE)).toBe('due-0');
    expect(currentSlot(at(5), DUE)).toBe('due-0');
  });

  it('names the next try, none after the due date', () => {
    expect(nextSlotAt('due-3', DUE)).toEqual(at(-1));
    expect(nextSlotAt('due-1', DUE)).toEqual(DUE);
    expect(nextSlotAt('due-0', DUE)).toBeNull();
  });
});

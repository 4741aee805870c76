import type { ChargeSlot } from './renewal-charges.repo';

const DAY_MS = 86_400_000;

/** When a renewal is charged: 3 days before its due date, then (after a refusal) 1 day before and on the day. */
export const CHARGE_SLOTS: readonly { slot: ChargeSlot; daysBefore: number }[] = [
  { slot: 'due-3', daysBefore: 3 },
  { slot: 'due-1', daysBefore: 1 },
  { slot: 'due-0', daysBefore: 0 },
];

/** The latest slot whose time has come, or null before the first. */
export function currentSlot(now: Date, dueAt: Date): ChargeSlot | null {
  let current: ChargeSlot | null = null;
  for (const { slot, daysBefore } of CHARGE_SLOTS) {
    if (now.getTime() >= dueAt.getTime() - daysBefore * DAY_MS) current = slot;
  }
  return current;
}

/** When the slot after `slot` comes, or null after the last. */
export function nextSlotAt(slot: ChargeSlot, dueAt: Date): Date | null {
  const index = CHARGE_SLOTS.findIndex((s) => s.slot === slot);
  const next = CHARGE_SLOTS[index + 1];
  return next ? new Date(dueAt.getTime() - next.daysBefore * DAY_MS) : null;
}

import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../../../shared/constants';
import { PROVIDER_CHECKOUT_RESERVATION_MINUTES, reservationDeadline, reservationLapsed } from './reservation';

const PLACED = new Date('2030-01-10T10:00:00Z');
const policy = { bankTransferDays: 5 };

describe('reservation deadline', () => {
  it('a bank transfer is due the configured days later; every provider checkout one session later', () => {
    expect(reservationDeadline('bank_transfer', PLACED, policy)).toEqual(new Date('2030-01-15T10:00:00Z'));
    expect(reservationDeadline('bank_transfer', PLACED, { bankTransferDays: 2 })).toEqual(new Date('2030-01-12T10:00:00Z'));
    for (const method of PAYMENT_METHODS.filter((m) => m !== 'bank_transfer')) {
      expect(reservationDeadline(method, PLACED, policy)).toEqual(
        new Date(PLACED.getTime() + PROVIDER_CHECKOUT_RESERVATION_MINUTES * 60_000),
      );
    }
  });
});

describe('reservation lapsed', () => {
  const order = { status: 'unpaid' as const, renewal_of_order_id: null, reserved_until: new Date('2030-01-15T10:00:00Z') };

  it('from its deadline on, for an unpaid checkout order only', () => {
    expect(reservationLapsed(order, new Date('2030-01-15T09:59:59Z'))).toBe(false);
    expect(reservationLapsed(order, new Date('2030-01-15T10:00:00Z'))).toBe(true);
    const later = new Date('2030-02-01T00:00:00Z');
    expect(reservationLapsed({ ...order, status: 'pending' }, later)).toBe(false);
    expect(reservationLapsed({ ...order, status: 'cancelled' }, later)).toBe(false);
    expect(reservationLapsed({ ...order, renewal_of_order_id: 7 }, later)).toBe(false);
    expect(reservationLapsed({ ...order, reserved_until: null }, later)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { PartySnapshot } from '../../invoices/billing-document';
import {
  canResend,
  MAX_SEND_ATTEMPTS,
  nextSendAttempt,
  nextStatusCheck,
  peppolRecipientOf,
  STATUS_CHECK_WINDOW_DAYS,
} from './delivery-policy';

const party = (overrides: Partial<PartySnapshot>): PartySnapshot => ({
  name: 'Brasserie Lambic SA',
  contactName: null,
  address: 'Rue du Midi 8, 1000 Bruxelles',
  country: 'BE',
  vatNumber: 'BE0477472701',
  legalId: { scheme: '0208', id: '0477472701' },
  endpoint: { scheme: '0208', id: '0477472701' },
  email: null,
  isBusiness: true,
  ...overrides,
});
const documentFor = (buyer: PartySnapshot) => ({ data: { buyer } }) as Parameters<typeof peppolRecipientOf>[0];

describe('peppolRecipientOf', () => {
  it('a Belgian business with its enterprise number (0208) is reached through Peppol', () => {
    expect(peppolRecipientOf(documentFor(party({})))).toEqual({ scheme: '0208', id: '0477472701' });
  });

  it.each([
    ['a consumer', party({ isBusiness: false, endpoint: null, vatNumber: null })],
    ['a business without an endpoint', party({ endpoint: null })],
    ['a French business (9957)', party({ country: 'FR', endpoint: { scheme: '9957', id: 'FR40303265045' } })],
    ['a malformed enterprise number', party({ endpoint: { scheme: '0208', id: 'BE0477472701' } })],
  ])('%s is not', (_name, buyer) => {
    expect(peppolRecipientOf(documentFor(buyer))).toBeNull();
  });
});

describe('nextSendAttempt', () => {
  const now = new Date('2026-11-25T09:00:00Z');
  it('waits 1, 5, 15, 60, 180 then 720 minutes, and gives up after the last try', () => {
    const waits = [1, 2, 3, 4, 5, 6].map((attempts) => (nextSendAttempt(attempts, now)!.getTime() - now.getTime()) / 60_000);
    expect(waits).toEqual([1, 5, 15, 60, 180, 720]);
    expect(MAX_SEND_ATTEMPTS).toBe(7);
    expect(nextSendAttempt(MAX_SEND_ATTEMPTS, now)).toBeNull();
  });
});

describe('nextStatusCheck', () => {
  const sentAt = new Date('2026-11-25T09:00:00Z');
  it('asks after 1, 5, 15, 60, 180, 360 minutes, then every 12 hours', () => {
    const waits = [0, 1, 2, 3, 4, 5, 6, 40].map(
      (checks) => (nextStatusCheck(checks, sentAt, sentAt)!.getTime() - sentAt.getTime()) / 60_000,
    );
    expect(waits).toEqual([1, 5, 15, 60, 180, 360, 720, 720]);
  });

  it(`stops asking ${STATUS_CHECK_WINDOW_DAYS} days after the send`, () => {
    const late = new Date(sentAt.getTime() + (STATUS_CHECK_WINDOW_DAYS * 24 - 6) * 3_600_000);
    expect(nextStatusCheck(60, sentAt, late)).toBeNull();
    expect(nextStatusCheck(60, sentAt, new Date(late.getTime() - 6 * 3_600_000))).not.toBeNull();
  });
});

describe('canResend', () => {
  const valid = { validation: { valid: true, errors: [], warnings: 0, checkedAt: null } };
  const invalid = { validation: { valid: false, errors: [{ rule: 'BR-01', message: 'x' }], warnings: 0, checkedAt: null } };
  it('rejected and failed always; blocked only once valid; the others never', () => {
    expect(canResend('rejected', invalid)).toBe(true);
    expect(canResend('failed', valid)).toBe(true);
    expect(canResend('blocked', invalid)).toBe(false);
    expect(canResend('blocked', valid)).toBe(true);
    for (const status of ['queued', 'sending', 'sent', 'delivered'] as const) expect(canResend(status, valid)).toBe(false);
  });
});

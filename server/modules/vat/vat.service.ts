import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { VatStatusDto } from '../../../shared/schemas/vat';
import { needsViesCheck, parseVatNumber, vatTreatment, type VatCheckStatus, type VatTreatment } from '../../../shared/tax/vat-treatment';
import { systemClock, type Clock } from '../../clock/clock';
import type { VatChecker } from '../../providers/vat/types';
import type { UserRow } from '../auth/users.repo';
import type { VatEvidence } from '../../shared/vat-evidence';
import { recordVatCheck } from './vat.repo';
import { vatEvidence } from './vat-evidence';

/** A confirmed or refused number is trusted this long; a pending one is asked again every time. */
const RECHECK_AFTER_MS = 30 * 86_400_000;

export interface CustomerVat {
  treatment: VatTreatment;
  status: VatStatusDto;
  /** Kept with the order: billing country, phone prefix, VIES answer. */
  evidence: VatEvidence;
}

/**
 * The customer's VAT treatment, asking VIES first when their number needs a (fresh) check. Called
 * when the cart opens and again when an order is placed, outside any transaction (VIES may take
 * seconds). Whatever VIES does, an answer comes back: unreachable is 'pending', taxed as standard.
 */
export function createVatService(deps: {
  db: Knex;
  checker: VatChecker;
  sellerCountry: string;
  /** OSS on (default): EU consumers pay their own state's rate. */
  ossApplies?: boolean;
  clock?: Clock;
  logger?: Logger;
}) {
  const { db, checker, sellerCountry } = deps;
  const clock = deps.clock ?? systemClock;

  function isFresh(user: UserRow, number: string): boolean {
    if (!user.vat_check_status || user.vat_check_status === 'pending') return false;
    if (user.vat_checked_number !== number || !user.vat_checked_at) return false;
    return clock.now().getTime() - new Date(user.vat_checked_at).getTime() < RECHECK_AFTER_MS;
  }

  /** The VIES answer (null when none applies) and the account as it is after recording it. */
  async function currentCheck(user: UserRow): Promise<{ check: VatCheckStatus | null; user: UserRow }> {
    const customer = { country: user.country.trim(), userType: user.user_type, vatNumber: user.vat_number };
    if (!needsViesCheck(customer, sellerCountry)) return { check: null, user };
    const parsed = parseVatNumber(user.vat_number, customer.country)!;
    if (isFresh(user, parsed.full)) return { check: user.vat_check_status!, user };
    const result = await checker.check(parsed.viesCountryCode, parsed.number);
    const recorded = { status: result.status, checkedAt: clock.now(), number: parsed.full, name: result.name ?? null };
    await recordVatCheck(db, user.id, recorded);
    deps.logger?.info({ userId: user.id, vatCheck: result.status }, 'VAT number checked');
    return {
      check: result.status,
      user: {
        ...user,
        vat_check_status: recorded.status,
        vat_checked_at: recorded.checkedAt,
        vat_checked_number: recorded.number,
        vat_check_name: recorded.name,
      },
    };
  }

  async function forCustomer(user: UserRow): Promise<CustomerVat> {
    const { check, user: checked } = await currentCheck(user);
    const country = user.country.trim();
    const treatment = vatTreatment(
      { country, userType: user.user_type, vatNumber: user.vat_number, vatCheck: check },
      { sellerCountry, ossApplies: deps.ossApplies ?? true, at: clock.now() },
    );
    const shownNumber = check === null ? null : (parseVatNumber(user.vat_number, country)?.full ?? null);
    const status: VatStatusDto = {
      scheme: treatment.scheme,
      category: treatment.category,
      taxRate: treatment.taxRate,
      taxCountry: treatment.taxCountry,
      check,
      vatNumber: shownNumber,
    };
    return { treatment, status, evidence: vatEvidence(checked, shownNumber) };
  }

  return { forCustomer };
}

export type VatService = ReturnType<typeof createVatService>;

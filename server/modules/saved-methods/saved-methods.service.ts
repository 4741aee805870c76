import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { Language } from '../../../shared/i18n/languages';
import type { SandboxCardOutcome } from '../../../shared/schemas/payment-methods';
import { NotFoundError } from '../../http/errors';
import { authorize } from '../../policies/authorize';
import type { RecurringAdapter, RecurringProvider } from '../../providers/payments/recurring/types';
import { PaymentProviderError } from '../../providers/payments/types';
import { writeAudit } from '../audit/audit.repo';
import type { UserRow } from '../auth/users.repo';
import { MethodsNotDetached, ProviderUnreachable, SavingUnavailable } from './saved-methods.errors';
import {
  deleteSavedMethod,
  endSetup,
  everySavedMethod,
  findProviderCustomer,
  findSavedMethod,
  findSetup,
  insertSavedMethod,
  insertSetup,
  listSavedMethods,
  lockSetup,
  openSetupsBetween,
  saveProviderCustomer,
  setDefaultSavedMethod,
  setSetupRef,
  type SavedMethodRow,
  type SetupRow,
} from './saved-methods.repo';
import { sandboxCard } from './sandbox-cards';

/** An open setup is asked again from 10 minutes after it started (its customer may still be at the provider) to 2 days. */
const SWEEP_SETUPS_AFTER_MS = 10 * 60_000;
const SWEEP_SETUPS_FOR_MS = 2 * 86_400_000;

export type RecurringAdapters = Partial<Record<RecurringProvider, RecurringAdapter>>;

export interface SavedMethodsDeps {
  db: Knex;
  /** The providers whose keys are set; the others cannot save a method. */
  recurring: RecurringAdapters;
  /** Sandbox cards are offered while Stripe has no keys (and the sandbox is allowed). */
  sandbox: boolean;
  publicUrl: string;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
}

/**
 * Saved payment methods: provider calls happen outside any transaction; what they answer is then
 * stored in one. A customer only ever reaches their own methods and setups (another's is 404).
 */
export function createSavedMethods(deps: SavedMethodsDeps) {
  const { db, recurring, clock } = deps;

  function adapterFor(provider: RecurringProvider): RecurringAdapter {
    const adapter = recurring[provider];
    if (!adapter) throw SavingUnavailable();
    return adapter;
  }

  async function provider<T>(call: () => Promise<T>, what: string): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      deps.logger.warn({ reason: err.message }, what);
      throw ProviderUnreachable();
    }
  }

  /** Sandbox cards live only here; false (logged) when the provider refused or has no keys any more. */
  async function detachedAtProvider(method: SavedMethodRow): Promise<boolean> {
    if (method.provider === 'sandbox') return true;
    const adapter = recurring[method.provider];
    try {
      if (adapter) {
        await adapter.detach(method.provider_customer_id ?? '', method.provider_method_id);
        return true;
      }
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
    }
    deps.logger.warn({ methodId: method.id, provider: method.provider }, 'payment method not detached');
    return false;
  }

  async function audit(trx: Knex, actorId: number | null, action: string, method: SavedMethodRow) {
    await writeAudit(trx, {
      actorId,
      action,
      entityType: 'payment_method',
      entityId: method.id,
      after: { provider: method.provider, kind: method.kind, last4: method.last4, bankAccount: method.bank_account },
    });
  }

  /** Asks the provider how a setup ended and stores its method once; `actorId` null when a job asks. */
  async function complete(setup: SetupRow, actorId: number | null) {
    const userId = Number(setup.user_id);
    if (setup.status !== 'open') {
      const method = setup.payment_method_id ? await findSavedMethod(db, userId, Number(setup.payment_method_id)) : undefined;
      return { status: setup.status, method: method ?? null };
    }
    if (!setup.provider_ref) return { status: 'failed' as const, method: null };
    const adapter = adapterFor(setup.provider);
    const result = await provider(
      () => adapter.finishSetup(setup.provider_ref!, setup.provider_customer_id),
      'payment method setup not read',
    );
    if (result.status === 'open') return { status: 'open' as const, method: null };
    return db.transaction(async (trx) => {
      const locked = await lockSetup(trx, setup.id);
      if (locked?.status !== 'open') {
        const method = locked?.payment_method_id ? await findSavedMethod(trx, userId, Number(locked.payment_method_id)) : undefined;
        return { status: locked?.status ?? ('failed' as const), method: method ?? null };
      }
      if (result.status === 'failed') {
        await endSetup(trx, setup.id, 'failed', null);
        return { status: 'failed' as const, method: null };
      }
      const d = result.method;
      const method = await insertSavedMethod(
        trx,
        {
          user_id: userId,
          provider: setup.provider,
          kind: d.kind,
          provider_customer_id: setup.provider_customer_id,
          provider_method_id: d.providerMethodId,
          brand: d.brand,
          last4: d.last4,
          exp_month: d.expMonth,
          exp_year: d.expYear,
          bank_account: d.bankAccount,
          sandbox_outcome: null,
        },
        clock.now(),
      );
      await endSetup(trx, setup.id, 'saved', method.id);
      await audit(trx, actorId, 'payment_method.saved', method);
      return { status: 'saved' as const, method };
    });
  }

  return {
    list: (user: UserRow) => listSavedMethods(db, user.id),

    offers() {
      return { stripe: Boolean(recurring.stripe), mollie: Boolean(recurring.mollie), sandbox: deps.sandbox };
    },

    async startSetup(user: UserRow, providerName: RecurringProvider, lng: Language) {
      const adapter = adapterFor(providerName);
      const known = await findProviderCustomer(db, user.id, providerName);
      // The setup row first: its id goes into the return URL, which the provider keeps.
      const setupId = await insertSetup(db, {
        user_id: user.id,
        provider: providerName,
        provider_customer_id: known ?? 'pending',
        created_at: clock.now(),
      });
      const back = `${deps.publicUrl}/${lng}/PanelCLient?tab=paiement&setup=${setupId}`;
      const started = await provider(
        () =>
          adapter.startSetup({
            customerId: known,
            email: user.email,
            name: user.full_name,
            setupId,
            returnUrl: back,
            cancelUrl: `${deps.publicUrl}/${lng}/PanelCLient?tab=paiement`,
            language: lng,
            currency: user.currency,
          }),
        'payment method setup could not be started',
      );
      if (!known) await saveProviderCustomer(db, user.id, providerName, started.customerId);
      await setSetupRef(db, setupId, started.providerRef, started.customerId);
      return { setupId, redirectUrl: started.redirectUrl };
    },

    /** The return page: asks the provider, then stores the method once (a reload answers the same). */
    async finishSetup(user: UserRow, setupId: string) {
      const setup = await findSetup(db, setupId);
      if (!setup) throw NotFoundError('No such setup');
      authorize(user, 'paymentSetup.finish', setup);
      return complete(setup, user.id);
    },

    /**
     * Setups whose customer never came back (closed the tab at the provider): asked again from the
     * renewal job, so a method saved at the provider is stored all the same.
     */
    async sweepOpenSetups(): Promise<number> {
      const now = clock.now().getTime();
      const open = await openSetupsBetween(db, new Date(now - SWEEP_SETUPS_FOR_MS), new Date(now - SWEEP_SETUPS_AFTER_MS));
      let saved = 0;
      for (const setup of open) {
        try {
          if ((await complete(setup, null)).status === 'saved') saved += 1;
        } catch (err) {
          deps.logger.warn({ setupId: setup.id, err }, 'open setup not finished; the next run asks again');
        }
      }
      return saved;
    },

    async saveSandbox(user: UserRow, outcome: SandboxCardOutcome) {
      if (!deps.sandbox) throw SavingUnavailable();
      return db.transaction(async (trx) => {
        const method = await insertSavedMethod(trx, { user_id: user.id, ...sandboxCard(outcome, clock.now()) }, clock.now());
        await audit(trx, user.id, 'payment_method.saved', method);
        return method;
      });
    },

    async setDefault(user: UserRow, id: number) {
      const method = await findSavedMethod(db, user.id, id);
      if (!method) throw NotFoundError('No such payment method');
      authorize(user, 'paymentMethod.manage', method);
      await db.transaction(async (trx) => {
        await setDefaultSavedMethod(trx, user.id, id);
        await audit(trx, user.id, 'payment_method.default', method);
      });
      return listSavedMethods(db, user.id);
    },

    /** Detached at the provider first: a method we forget must not stay chargeable there. */
    async remove(user: UserRow, id: number) {
      const method = await findSavedMethod(db, user.id, id);
      if (!method) throw NotFoundError('No such payment method');
      authorize(user, 'paymentMethod.manage', method);
      if (method.provider !== 'sandbox') {
        const adapter = adapterFor(method.provider);
        await provider(() => adapter.detach(method.provider_customer_id ?? '', method.provider_method_id), 'payment method not detached');
      }
      await db.transaction(async (trx) => {
        await deleteSavedMethod(trx, user.id, id);
        await audit(trx, user.id, 'payment_method.removed', method);
      });
      return listSavedMethods(db, user.id);
    },

    /**
     * Account deletion (GDPR): detaches every method at its provider, outside any transaction, and
     * answers the ids the deletion then removes in its own. A method that cannot be detached (the
     * provider is down, or its keys are gone) refuses the deletion (MethodsNotDetached, 502): deleting
     * the rows anyway would leave a card or mandate chargeable at the provider with nothing left here
     * to find it. Those already detached are forgotten at once (they can no longer be charged); the
     * others stay, so a retry finishes (detaching twice is not an error at either provider).
     */
    async detachAll(user: UserRow): Promise<number[]> {
      const methods = await everySavedMethod(db, user.id);
      const detached: SavedMethodRow[] = [];
      for (const method of methods) if (await detachedAtProvider(method)) detached.push(method);
      if (detached.length === methods.length) return detached.map((m) => m.id);
      await db.transaction(async (trx) => {
        for (const method of detached) {
          await deleteSavedMethod(trx, user.id, method.id);
          await audit(trx, user.id, 'payment_method.removed', method);
        }
      });
      throw MethodsNotDetached();
    },
  };
}

export type SavedMethods = ReturnType<typeof createSavedMethods>;

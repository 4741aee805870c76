import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { autoRenewalApi } from '../../../../shared/contract/auto-renewal';
import { paymentMethodsApi } from '../../../../shared/contract/payment-methods';
import type {
  AutoRenewalDto,
  AutoRenewalServiceDto,
  SandboxCardOutcome,
  SavedMethodsDto,
} from '../../../../shared/schemas/payment-methods';
import { ApiError } from '../../api/client';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useLanguage } from '../../ui/use-language';

export type MethodsNotice = { tone: 'success' | 'error' | 'info'; key: string } | null;

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; methods: SavedMethodsDto; renewal: AutoRenewalDto };

/** 'Charger plus' of the servers' switches: idle, reading the next page, or that read failed (the button stays). */
export type MoreServices = 'idle' | 'loading' | 'failed';

/** The servers shown so far with those of a later page, each once. */
const withPage = (shown: AutoRenewalServiceDto[], page: AutoRenewalServiceDto[]) => {
  const seen = new Set(shown.map((service) => service.vps_id));
  return [...shown, ...page.filter((service) => !seen.has(service.vps_id))];
};

/**
 * The 'Paiement' tab's data and actions: saved methods, the automatic-renewal switches (50 servers
 * a page, 'Charger plus' for the next), and the return from Stripe or Mollie (?setup=…), finished
 * once on arrival. One action at a time.
 */
export function usePaymentMethods() {
  const api = useAuthedApi();
  const lng = useLanguage();
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<MethodsNotice>(null);
  const [moreServices, setMoreServices] = useState<MoreServices>('idle');
  const running = useRef(false);
  const setupId = params.get('setup');

  const load = useCallback(async () => {
    try {
      const [methods, renewal] = await Promise.all([api.call(paymentMethodsApi.list), api.call(autoRenewalApi.get)]);
      setState({ status: 'ready', methods, renewal });
    } catch {
      setState({ status: 'failed' });
    }
  }, [api]);

  useEffect(() => {
    if (!api.token) return;
    void (async () => {
      if (setupId) {
        // Back from the provider: ask how the setup ended, then drop the id from the URL.
        try {
          const result = await api.call(paymentMethodsApi.finishSetup, { params: { setupId } });
          setNotice({
            tone: result.status === 'saved' ? 'success' : result.status === 'open' ? 'info' : 'error',
            key: `setup.${result.status}`,
          });
        } catch {
          setNotice({ tone: 'error', key: 'setup.failed' });
        }
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('setup');
            return next;
          },
          { replace: true, preventScrollReset: true },
        );
      }
      await load();
    })();
    // Once per arrival: the setup id is read when the tab opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api.token]);

  const act = useCallback(async (id: string, run: () => Promise<void>, done?: string) => {
    if (running.current) return;
    running.current = true;
    setBusy(id);
    setNotice(null);
    try {
      await run();
      if (done) setNotice({ tone: 'success', key: done });
    } catch (error) {
      // Saving methods is limited per hour (429): say so rather than "try again in a moment".
      setNotice({ tone: 'error', key: error instanceof ApiError && error.status === 429 ? 'tooMany' : 'actionFailed' });
    } finally {
      running.current = false;
      setBusy(null);
    }
  }, []);

  const withMethods = (methods: SavedMethodsDto) => setState((s) => (s.status === 'ready' ? { ...s, methods } : s));
  /** The first page of switches again (a method changed: every next charge may have). */
  const withRenewal = (renewal: AutoRenewalDto) => {
    setMoreServices('idle');
    setState((s) => (s.status === 'ready' ? { ...s, renewal } : s));
  };
  const withService = (service: AutoRenewalServiceDto) =>
    setState((s) =>
      s.status === 'ready'
        ? { ...s, renewal: { ...s.renewal, services: s.renewal.services.map((one) => (one.vps_id === service.vps_id ? service : one)) } }
        : s,
    );
  const withWalletFirst = (wallet_first: boolean) =>
    setState((s) => (s.status === 'ready' ? { ...s, renewal: { ...s.renewal, wallet_first } } : s));

  const next = state.status === 'ready' ? state.renewal.next : null;
  const loadMoreServices = async () => {
    if (next === null || moreServices === 'loading') return;
    setMoreServices('loading');
    try {
      const page = await api.call(autoRenewalApi.get, { query: { after: next } });
      setState((s) =>
        s.status === 'ready' && s.renewal.next === next
          ? { ...s, renewal: { ...page, services: withPage(s.renewal.services, page.services) } }
          : s,
      );
      setMoreServices('idle');
    } catch {
      setMoreServices('failed');
    }
  };

  return {
    state,
    busy,
    notice,
    moreServices,
    loadMoreServices,
    retry: load,
    addSandbox: (outcome: SandboxCardOutcome) =>
      act(
        'add',
        async () => {
          await api.call(paymentMethodsApi.saveSandbox, { body: { outcome } });
          await load();
        },
        'added',
      ),
    addAtProvider: (provider: 'stripe' | 'mollie') =>
      act('add', async () => {
        const started = await api.call(paymentMethodsApi.startSetup, { body: { provider, lng } });
        window.location.assign(started.redirect_url);
      }),
    setDefault: (id: number) =>
      act(`default-${id}`, async () => {
        withMethods(await api.call(paymentMethodsApi.setDefault, { params: { id: String(id) } }));
        withRenewal(await api.call(autoRenewalApi.get));
      }),
    remove: (id: number) =>
      act(
        `remove-${id}`,
        async () => {
          withMethods(await api.call(paymentMethodsApi.remove, { params: { id: String(id) } }));
          withRenewal(await api.call(autoRenewalApi.get));
        },
        'removed',
      ),
    setService: (vpsId: number, enabled: boolean) =>
      act(`service-${vpsId}`, async () => {
        withService((await api.call(autoRenewalApi.setService, { params: { id: String(vpsId) }, body: { enabled } })).service);
      }),
    setWalletFirst: (enabled: boolean) =>
      act('wallet', async () => {
        withWalletFirst((await api.call(autoRenewalApi.setWalletFirst, { body: { enabled } })).wallet_first);
      }),
  };
}

export type PaymentMethodsModel = ReturnType<typeof usePaymentMethods>;

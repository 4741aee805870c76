import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { autoRenewalApi } from '../../../../shared/contract/auto-renewal';
import { paymentMethodsApi } from '../../../../shared/contract/payment-methods';
import type { AutoRenewalDto, SandboxCardOutcome, SavedMethodsDto } from '../../../../shared/schemas/payment-methods';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useLanguage } from '../../ui/use-language';

export type MethodsNotice = { tone: 'success' | 'error' | 'info'; key: string } | null;

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; methods: SavedMethodsDto; renewal: AutoRenewalDto };

/**
 * The 'Paiement' tab's data and actions: saved methods, the automatic-renewal switches, and the
 * return from Stripe or Mollie (?setup=…), finished once on arrival. One action at a time.
 */
export function usePaymentMethods() {
  const api = useAuthedApi();
  const lng = useLanguage();
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<MethodsNotice>(null);
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
    } catch {
      setNotice({ tone: 'error', key: 'actionFailed' });
    } finally {
      running.current = false;
      setBusy(null);
    }
  }, []);

  const withMethods = (methods: SavedMethodsDto) => setState((s) => (s.status === 'ready' ? { ...s, methods } : s));
  const withRenewal = (renewal: AutoRenewalDto) => setState((s) => (s.status === 'ready' ? { ...s, renewal } : s));

  return {
    state,
    busy,
    notice,
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
        withRenewal(await api.call(autoRenewalApi.setService, { params: { id: String(vpsId) }, body: { enabled } }));
      }),
    setWalletFirst: (enabled: boolean) =>
      act('wallet', async () => {
        withRenewal(await api.call(autoRenewalApi.setWalletFirst, { body: { enabled } }));
      }),
  };
}

export type PaymentMethodsModel = ReturnType<typeof usePaymentMethods>;

import type { Logger } from 'pino';
import type { PaymentAdapters } from '../../providers/payments/index';
import type { PaymentProvider, SetupFinding } from '../../providers/payments/types';

/**
 * A provider's set-up as last checked: `ok`; `incomplete` (what is missing is listed);
 * `unreachable` (the provider could not be asked: nothing is known, and nothing is blocked);
 * `checking` until the first answer.
 */
export interface ProviderSetupState {
  status: 'ok' | 'incomplete' | 'unreachable' | 'checking';
  missing: string[];
}

export type ProviderSetupReport = Partial<Record<PaymentProvider, ProviderSetupState>>;

const PROVIDER_NAMES: Record<PaymentProvider, string> = { stripe: 'Stripe', paypal: 'PayPal', mollie: 'Mollie' };
const CHECK_TIMEOUT_MS = 15_000;

/** The finding as /api/ready shows it: `event:checkout.session.expired`, `no_webhook`... */
const label = (finding: SetupFinding) => (finding.detail ? `${finding.code}:${finding.detail}` : finding.code);

/** One sentence an operator can act on, per missing thing (never a key: none is known here). */
function advice(provider: PaymentProvider, finding: SetupFinding, webhookUrl: string): string {
  const name = PROVIDER_NAMES[provider];
  switch (finding.code) {
    case 'no_webhook':
      return provider === 'paypal'
        ? `PayPal: the app has no webhook with the id PAYPAL_WEBHOOK_ID; create one for ${webhookUrl}`
        : `${name}: no enabled webhook endpoint for ${webhookUrl}; add it in the dashboard`;
    case 'webhook_url':
      return `${name}: the webhook PAYPAL_WEBHOOK_ID points at another URL than ${webhookUrl}`;
    case 'event':
      return `${name}: the webhook for ${webhookUrl} does not send ${finding.detail}; enable it (until then the sweep settles it, minutes later)`;
    case 'local_webhook_url':
      return `${name}: PUBLIC_URL is local, ${name} cannot notify ${webhookUrl}; payments settle only through the sweep`;
    case 'api_key':
      return `${name}: the API key was refused; no payment can be taken`;
  }
}

/**
 * Checks at start-up what each live provider can tell about its notifications (Stripe's webhook
 * endpoints and their events, PayPal's webhook and its event types, Mollie's key and a reachable
 * URL) and logs one warning per missing thing. It runs beside the start, never before it: a
 * provider that does not answer is reported `unreachable` and blocks nothing. /api/ready shows
 * the last report.
 */
export function createProviderSetupCheck(deps: {
  adapters: PaymentAdapters;
  publicUrl: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  timeoutMs?: number;
}) {
  const { adapters, publicUrl, logger } = deps;
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;
  const checked = (Object.keys(adapters) as PaymentProvider[]).filter((p) => adapters[p].mode === 'live' && adapters[p].checkSetup);
  const report: ProviderSetupReport = Object.fromEntries(checked.map((p) => [p, { status: 'checking', missing: [] }]));

  async function checkOne(provider: PaymentProvider): Promise<void> {
    const webhookUrl = `${publicUrl}/api/webhooks/${provider}`;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      });
      const findings = await Promise.race([adapters[provider].checkSetup!(webhookUrl), timeout]);
      report[provider] = { status: findings.length ? 'incomplete' : 'ok', missing: findings.map(label) };
      for (const finding of findings) {
        logger.warn({ provider, missing: label(finding) }, `payment set-up: ${advice(provider, finding, webhookUrl)}`);
      }
    } catch (err) {
      report[provider] = { status: 'unreachable', missing: [] };
      const reason = err instanceof Error ? err.message : String(err);
      logger.warn({ provider, reason }, `payment set-up: ${PROVIDER_NAMES[provider]} could not be asked; its webhooks are unchecked`);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** Asks every live provider at once; never throws. */
    async run(): Promise<ProviderSetupReport> {
      await Promise.all(checked.map(checkOne));
      if (checked.length && checked.every((p) => report[p]?.status === 'ok')) logger.info({ providers: checked }, 'payment set-up checked');
      return report;
    },
    /** The last answers (a copy), or undefined when no provider has keys. */
    report(): ProviderSetupReport | undefined {
      return checked.length ? structuredClone(report) : undefined;
    },
  };
}

export type ProviderSetupCheck = ReturnType<typeof createProviderSetupCheck>;

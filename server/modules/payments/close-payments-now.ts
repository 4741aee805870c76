import type { Logger } from 'pino';
import type { ClosePaymentsNow } from '../orders/ports/order-payments';
import type { ClosePaymentsJob } from './payment-follow-ups';

/** How long an answer to the customer waits for the providers to close an order's pages. */
export const CLOSE_NOW_TIMEOUT_MS = 2_000;

export type { ClosePaymentsNow };

/**
 * Closes an order's checkouts still open at providers right after the transaction that made them
 * pointless committed (wallet payment, customer's cancel), so the customer cannot pay the order a
 * second time on a page left open. The answer waits for at most `timeoutMs`: a slow or failing
 * provider is left to the close job that transaction queued (it finds the sessions closed here
 * already closed, and closes the rest). Never throws.
 */
export function createClosePaymentsNow(deps: {
  close: (job: ClosePaymentsJob) => Promise<void>;
  logger: Pick<Logger, 'warn'>;
  timeoutMs?: number;
}): ClosePaymentsNow {
  const timeoutMs = deps.timeoutMs ?? CLOSE_NOW_TIMEOUT_MS;
  return async (orderId) => {
    const closing = deps.close({ orderId }).catch((err: unknown) => {
      deps.logger.warn({ orderId, reason: err instanceof Error ? err.message : String(err) }, 'checkouts not closed now: the job retries');
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await Promise.race([closing, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

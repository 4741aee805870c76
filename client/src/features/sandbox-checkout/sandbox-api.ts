// The local payment page's calls (no provider keys): no bearer, the checkout id is the credential.
import type { SandboxCheckoutDto } from '../../../../shared/schemas/checkout';
import { apiGet, apiPost } from '../../api/client';

export type SandboxAction = 'pay' | 'cancel';

export const sandboxCheckoutPath = (id: string) => `/api/sandbox/checkouts/${encodeURIComponent(id)}`;

export async function fetchSandboxCheckout(id: string, signal?: AbortSignal): Promise<SandboxCheckoutDto> {
  const { checkout } = await apiGet<{ checkout: SandboxCheckoutDto }>(sandboxCheckoutPath(id), { signal });
  return checkout;
}

/** Pay or cancel; the answer is where the provider would send the customer back to. */
export async function finishSandboxCheckout(id: string, action: SandboxAction): Promise<string> {
  const { redirectUrl } = await apiPost<{ redirectUrl: string }>(`${sandboxCheckoutPath(id)}/${action}`);
  return redirectUrl;
}

// The local payment page's calls (no provider keys): no bearer, the checkout id is the credential.
import { paymentsApi } from '../../../../shared/contract/payments';
import type { SandboxCheckoutDto } from '../../../../shared/schemas/checkout';
import { callApi } from '../../api/call';

export type SandboxAction = 'pay' | 'cancel';

export async function fetchSandboxCheckout(id: string, signal?: AbortSignal): Promise<SandboxCheckoutDto> {
  const { checkout } = await callApi(paymentsApi.sandboxCheckout, { params: { id } }, { signal });
  return checkout;
}

/** Pay or cancel; the answer is where the provider would send the customer back to. */
export async function finishSandboxCheckout(id: string, action: SandboxAction): Promise<string> {
  const declared = action === 'pay' ? paymentsApi.sandboxPay : paymentsApi.sandboxCancel;
  const { redirectUrl } = await callApi(declared, { params: { id } });
  return redirectUrl;
}

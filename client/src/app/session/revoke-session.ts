import type { authApi } from '../../../../shared/contract/auth';
import { callApi } from '../../api/call';
import { PUBLIC_ROUTES } from '../../api/public-routes';

/**
 * Ends a session on the server (POST /api/auth/logout), so the token stops working everywhere, not
 * only in this browser. Best effort: offline or already ended, the browser drops it all the same.
 */
export async function revokeSession(token: string): Promise<void> {
  try {
    await callApi<typeof authApi.logout>(PUBLIC_ROUTES.logout, {}, { token });
  } catch {
    // Nothing to do: the session is dropped here anyway and expires on the server by itself.
  }
}

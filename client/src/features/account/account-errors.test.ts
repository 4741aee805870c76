import { describe, expect, it } from 'vitest';
import fr from '../../../../shared/locales/fr.json';
import { ApiError } from '../../api/client';
import { apiAlertKey } from './account-errors';

// A refused account deletion says why: a saved method the provider did not let go is not "the network".

describe('apiAlertKey', () => {
  it('names the saved method kept at its provider, and one saved meanwhile, before the generic answers', () => {
    const notDetached = new ApiError(502, { error: 'payment_methods_not_detached', message: 'x' });
    expect(apiAlertKey(notDetached)).toBe('account.deletion.errormethods');
    expect(fr.account.deletion.errormethods).toMatch(/n'a pas été supprimé/);
    expect(apiAlertKey(new ApiError(409, { error: 'payment_methods_changed', message: 'x' }))).toBe('account.deletion.errormethodschanged');
    expect(apiAlertKey(new ApiError(502, { error: 'bad_gateway', message: 'x' }))).toBe('account.errornetwork');
  });
});

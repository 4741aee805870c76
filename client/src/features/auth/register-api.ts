// POST /api/auth/register, apart from ./auth-api.ts: its contract entry checks the country list,
// which only the (lazily loaded) register page should carry.
import { registerApi } from '../../../../shared/contract/register';
import type { RegisterInput } from '../../../../shared/schemas/register';
import { callApi } from '../../api/call';

export const register = (payload: RegisterInput) => callApi(registerApi.register, { body: payload });

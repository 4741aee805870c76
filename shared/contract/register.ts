import { registerResponseSchema, registerSchema } from '../schemas/register';
import { endpoint } from './endpoint';

/** Registration, apart from ./auth.ts: only the register page's bundle carries its country list. */
export const registerApi = {
  register: endpoint({
    method: 'post',
    path: '/api/auth/register',
    summary: 'A customer account, its verification mail and a session (spec §7)',
    tag: 'auth',
    access: 'public',
    body: registerSchema,
    response: registerResponseSchema,
    status: 201,
  }),
};

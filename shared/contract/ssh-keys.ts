import { sshKeyAddSchema, sshKeyAnswerSchema, sshKeyParams, sshKeyRemovedSchema, sshKeysListSchema } from '../schemas/ssh-keys';
import { endpoint } from './endpoint';

/** The account's SSH public keys, offered at a VPS reinstall (issue 33). */
export const sshKeysApi = {
  list: endpoint({
    method: 'get',
    path: '/api/account/ssh-keys',
    summary: 'The caller’s SSH public keys, newest first, with their SHA256 fingerprints',
    tag: 'account',
    access: 'session',
    response: sshKeysListSchema,
  }),
  add: endpoint({
    method: 'post',
    path: '/api/account/ssh-keys',
    summary: 'Adds an OpenSSH public key (400 when it is not one, 409 when the account has it or holds 20 already)',
    tag: 'account',
    access: 'session',
    body: sshKeyAddSchema,
    response: sshKeyAnswerSchema,
    status: 201,
  }),
  remove: endpoint({
    method: 'delete',
    path: '/api/account/ssh-keys/{id}',
    summary: 'Removes one of the caller’s keys (another account’s: 404); servers installed with it keep it',
    tag: 'account',
    access: 'session',
    params: sshKeyParams,
    response: sshKeyRemovedSchema,
  }),
};

import type { SshKeyDto } from '../../../shared/schemas/ssh-keys';
import type { SshKeyRow } from './ssh-keys.repo';

/** The key as the panel lists it: never the whole public key line, its fingerprint says which. */
export function presentSshKey(row: SshKeyRow): SshKeyDto {
  return {
    id: Number(row.id),
    name: row.name,
    type: row.key_type,
    fingerprint: row.fingerprint,
    createdAt: row.created_at.toISOString(),
  };
}

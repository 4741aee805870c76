import { z } from 'zod';
import { idParam } from './ids';

// The account's SSH keys (issue 33): GET|POST /api/account/ssh-keys, DELETE /api/account/ssh-keys/{id}.
// Messages are locale keys.

/** The key types OpenSSH and OVH's rebuild accept (DSA is refused: OpenSSH dropped it). */
export const SSH_KEY_TYPES = ['ssh-ed25519', 'ssh-rsa', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521'] as const;

/** At most this many keys per account: the list stays short and bounded. */
export const SSH_KEYS_PER_ACCOUNT = 20;

/** The line of an `id_ed25519.pub` file: type, base64 blob, optional comment. The server reads the blob itself. */
const publicKeyLine = z
  .string({ error: 'sshkeys.errorkey' })
  .trim()
  .min(1, 'sshkeys.errorkey')
  .max(16_384, 'sshkeys.errorkey')
  .refine((line) => /^\S+ [A-Za-z0-9+/]+={0,3}( [^\r\n]*)?$/.test(line), 'sshkeys.errorkey')
  .refine((line) => (SSH_KEY_TYPES as readonly string[]).includes(line.split(' ')[0]!), 'sshkeys.errortype');

export const sshKeyAddSchema = z.object({
  name: z.string({ error: 'sshkeys.errorname' }).trim().min(1, 'sshkeys.errorname').max(64, 'sshkeys.errorname'),
  publicKey: publicKeyLine,
});
export type SshKeyAddInput = z.input<typeof sshKeyAddSchema>;

export const sshKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  /** As `ssh-keygen -l` prints it: `SHA256:` and the unpadded base64 digest. */
  fingerprint: z.string(),
  createdAt: z.iso.datetime(),
});
export type SshKeyDto = z.infer<typeof sshKeySchema>;

export const sshKeysListSchema = z.object({ sshKeys: z.array(sshKeySchema) });
export const sshKeyAnswerSchema = z.object({ sshKey: sshKeySchema });
export const sshKeyRemovedSchema = z.object({ removed: z.literal(true) });
export const sshKeyParams = z.object({ id: idParam });

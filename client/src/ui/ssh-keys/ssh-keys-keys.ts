/** The account's SSH keys in the query cache. */
export const sshKeysKeys = {
  all: ['ssh-keys'] as const,
};

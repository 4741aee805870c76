import { ApiError } from '../../../api/client';

/** The alert of a refused add: a 409's reason, else the generic failure (field errors show on their field). */
export function addKeyAlertKey(error: unknown): string | null {
  if (error instanceof ApiError && error.error === 'ssh_key_exists') return 'sshkeys.errorexists';
  if (error instanceof ApiError && error.error === 'ssh_key_limit') return 'sshkeys.errorlimit';
  if (error instanceof ApiError && error.fields) return null;
  return 'sshkeys.errorserver';
}

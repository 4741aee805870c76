import { ApiError } from '../../../api/client';

/** The alert of a refused reinstall; field errors show on their field instead. */
export function reinstallAlertKey(error: unknown): string | null {
  if (!(error instanceof ApiError)) return 'services.reinstall.error';
  if (error.fields) return null;
  const byCode: Record<string, string> = {
    reinstall_running: 'services.reinstall.running',
    service_suspended: 'services.reinstall.suspended',
    cloud_unavailable: 'services.reinstall.unavailable',
    os_unavailable: 'services.reinstall.osUnavailable',
  };
  return byCode[error.error] ?? 'services.reinstall.error';
}

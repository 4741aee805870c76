import { ApiError } from '../../../../api/client';

/** The alert of a refused VPS tool action, by the server's code. */
export function vpsToolsAlertKey(error: unknown, byCode: Record<string, string> = {}): string {
  if (!(error instanceof ApiError)) return 'panel.vpsTools.error';
  const shared: Record<string, string> = {
    service_suspended: 'panel.vpsTools.suspended',
    cloud_unavailable: 'panel.vpsTools.unavailable',
    ...byCode,
  };
  return shared[error.error] ?? 'panel.vpsTools.error';
}

import { ApiError } from '../../../../api/client';

/** The locale key that says why a files call failed, `fallback` when nothing more precise is known. */
export function problemText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.error === 'file_too_large') return 'panel.files.editor.tooLarge';
  if (error.error === 'game_panel_unavailable') return 'panel.files.unavailable';
  if (error.error === 'panel_client_key_missing') return 'panel.files.unconfigured';
  if (error.error === 'server_busy') return 'panel.files.busy';
  if (error.error === 'payload_too_large' || error.status === 413) return 'panel.files.upload.tooLarge';
  return fallback;
}

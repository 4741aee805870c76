// Binary downloads (invoice PDFs): the JSON client cannot carry them, and a plain link cannot send
// the bearer header. Fetch the file, then hand it to the browser as a local file.
import { ApiError, NETWORK_ERROR, type RequestOptions } from './client';

/** How long the object URL lives after the click: some browsers read it after the click returns. */
export const REVOKE_DELAY_MS = 1_000;

/** GET `path` as a Blob, with the bearer; a refused answer is an ApiError like the JSON calls'. */
export async function fetchBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await fetchFile(path, options)).blob;
}

/** The file and the name the server gave it (Content-Disposition), null when it named none. */
async function fetchFile(path: string, options: RequestOptions): Promise<{ blob: Blob; name: string | null }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;

  let response: Response;
  try {
    response = await fetch(path, { method: 'GET', headers, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { error: NETWORK_ERROR, message: String(cause) });
  }
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  return { blob: await response.blob(), name: attachmentName(response.headers.get('Content-Disposition')) };
}

/**
 * The name in our server's `attachment; filename="…"` (server/http/send-file.ts writes it quoted,
 * ASCII only): documents are named by their number there (facture_2026-000006.pdf).
 */
export function attachmentName(header: string | null): string | null {
  return /filename="([^"/\\]+)"/.exec(header ?? '')?.[1] ?? null;
}

/** Saves a Blob under `filename`: an object URL and a temporary <a download>, clicked once. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}

/** Fetches `path` with the bearer and saves it under the server's name, else `fallbackName`. */
export async function downloadFile(path: string, fallbackName: string, options: RequestOptions = {}): Promise<void> {
  const file = await fetchFile(path, options);
  saveBlob(file.blob, file.name ?? fallbackName);
}

/** The server's `{ error, message }` when the body is JSON; the HTTP status otherwise. */
async function readErrorBody(response: Response): Promise<{ error: string; message: string }> {
  const fallback = { error: `http_${response.status}`, message: response.statusText || `HTTP ${response.status}` };
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    return {
      error: typeof body.error === 'string' ? body.error : fallback.error,
      message: typeof body.message === 'string' ? body.message : fallback.message,
    };
  } catch {
    return fallback;
  }
}

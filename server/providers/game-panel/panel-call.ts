import { GamePanelNotFound, GamePanelRefused, GamePanelUnavailable, type GamePanelRefusal } from './types';

// One HTTP call to the panel, for its application API (`/api/application`, key `ptla_…`) and its
// client API (`/api/client`, key `ptlc_…`) alike: plain fetch with a deadline, the panel's
// `{errors: [{code, status, detail, meta?}]}` (app/Exceptions/Handler.php) turned into our errors,
// and the key blanked from anything the panel says back.

export interface PanelCallConfig {
  /** e.g. https://panel.example.com/api/client */
  base: string;
  key: string;
  /** Named in the errors: which key the panel refused. */
  keyKind: 'application' | 'client';
  panelName: string;
  timeoutMs: number;
}

export interface CallOptions {
  body?: unknown;
  /** A raw text body (the client API's file write), sent as text/plain instead of JSON. */
  text?: string;
  /** 'text': the answer is read as plain text (a file's contents), not parsed as JSON. */
  answer?: 'json' | 'text';
  /** 'null': a 404 resolves with null; a text: a 404 throws GamePanelNotFound naming it. */
  missing?: 'null' | string;
}

export type PanelCall = <T>(method: string, path: string, options?: CallOptions) => Promise<T | null>;

const timedOut = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

/** The panel's `errors[]`, kept as they came; a body of another shape gives nothing. */
export function refusalsOf(body: unknown, clean: (text: string) => string): GamePanelRefusal[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((raw) => {
    const e = (raw ?? {}) as { code?: unknown; status?: unknown; detail?: unknown; meta?: { source_field?: unknown; rule?: unknown } };
    const refusal: GamePanelRefusal = { code: String(e.code ?? 'Error'), detail: clean(String(e.detail ?? '')) };
    if (e.status !== undefined) refusal.status = String(e.status);
    if (typeof e.meta?.source_field === 'string') refusal.field = e.meta.source_field;
    if (typeof e.meta?.rule === 'string') refusal.rule = e.meta.rule;
    return refusal;
  });
}

export function createPanelCall({ base, key, keyKind, panelName, timeoutMs }: PanelCallConfig): PanelCall {
  /** The panel's words, without the key should it ever quote it, and short enough for a log line. */
  const clean = (text: string) => {
    const blanked = text.split(key).join('***');
    return blanked.length > 300 ? `${blanked.slice(0, 300)}…` : blanked;
  };

  /**
   * One call. Resolves with the parsed body (null for 204), or null for a 404 when `missing` is
   * 'null'; throws GamePanelNotFound (404), GamePanelRefused (the panel said no) or
   * GamePanelUnavailable (unreachable, too slow, 429 or 5xx: nothing known changed).
   */
  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<T | null> {
    const what = `${method} ${path.split('?')[0]}`;
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${key}`,
          Accept: 'application/json',
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(options.text === undefined ? {} : { 'Content-Type': 'text/plain' }),
        },
        body: options.text ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
    } catch (err) {
      if (timedOut(err)) throw new GamePanelUnavailable(`${what}: ${panelName} did not answer within ${timeoutMs} ms`, err);
      const code = ((err as Error).cause as NodeJS.ErrnoException | undefined)?.code;
      throw new GamePanelUnavailable(`${what}: ${panelName} could not be reached${code ? ` (${code})` : ''}`, err);
    }

    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      // The answer was cut: the call may or may not have been done (a create is looked up again by its external id).
      if (timedOut(err)) throw new GamePanelUnavailable(`${what}: ${panelName} did not finish its answer within ${timeoutMs} ms`, err);
      throw new GamePanelUnavailable(`${what}: ${panelName}'s answer was cut off`, err);
    }
    let body: unknown = null;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }

    const { status } = response;
    if (status >= 200 && status < 300 && options.answer === 'text') return text as T;
    if (status >= 200 && status < 300) {
      if (body === undefined) throw new GamePanelUnavailable(`${what}: ${panelName} answered ${status} with something other than JSON`);
      return body as T | null;
    }
    if (status === 404) {
      if (options.missing === 'null') return null;
      throw new GamePanelNotFound(options.missing ?? path);
    }
    if (status === 429 || status >= 500) {
      const said = refusalsOf(body, clean)[0]?.detail;
      throw new GamePanelUnavailable(`${what}: ${panelName} answered ${status}${said ? ` (${said})` : ''}`);
    }
    if (status >= 300 && status < 400) {
      // Laravel sends a browser to its login page when the request does not look like an API call.
      throw new GamePanelRefused(status, [
        { code: 'Redirect', detail: `${panelName} redirected the call: is PTERODACTYL_URL the panel's address?` },
      ]);
    }
    const errors = refusalsOf(body, clean);
    if (status === 401 || status === 403) {
      const why = status === 401 ? `refused the ${keyKind} key` : `does not allow this to the ${keyKind} key`;
      errors.unshift({ code: 'KeyRefused', status: String(status), detail: `${panelName} ${why} (${what})` });
    }
    throw new GamePanelRefused(
      status,
      errors.length ? errors : [{ code: 'HttpError', status: String(status), detail: `${what}: ${status}` }],
    );
  }
  return call;
}

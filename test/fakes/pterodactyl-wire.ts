// What the fake Pterodactyl panel's two APIs share: an answer, the error the routes throw, and the
// shapes of app/Exceptions/Handler.php and of the transformers' timestamps.

export type Json = Record<string, unknown>;

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Bytes sent as they are (a file's contents), with `headers` naming their type; `body` is then unused. */
  raw?: Buffer | string;
}

export class PanelError {
  constructor(readonly answer: Answer) {}
}

const NOT_FOUND = 'The requested resource could not be found on the server.';

/** Handler::convertExceptionToArray: one error of this class, status and words. */
export const failure = (status: number, code: string, detail: string): PanelError =>
  new PanelError({ status, body: { errors: [{ code, status: String(status), detail }] } });

export const notFound = () => failure(404, 'NotFoundHttpException', NOT_FOUND);

/** Carbon's toAtomString, as the transformers' formatTimestamp writes it. */
export const stamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

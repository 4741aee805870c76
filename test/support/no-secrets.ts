import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'vitest';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

// No answer may ever carry a password hash, a one-time token hash or an admin hash. Test files
// wrap their app with record(), and check every body they received once at the end.
const SECRET_PATTERNS = [/password_hash/i, /admin_password_hash/i, /token_hash/i, /\$argon2/];

export function createResponseRecorder() {
  const bodies: { url: string; body: string }[] = [];
  return {
    bodies,
    /** The app as a request handler that keeps a copy of every response body it sends. */
    record(app: Handler): Handler {
      return (req, res) => {
        const chunks: Buffer[] = [];
        const keep = (chunk: unknown) => {
          if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
        };
        const write = res.write.bind(res) as (...args: unknown[]) => boolean;
        const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
        res.write = ((chunk: unknown, ...rest: unknown[]) => {
          keep(chunk);
          return write(chunk, ...rest);
        }) as unknown as ServerResponse['write'];
        res.end = ((chunk?: unknown, ...rest: unknown[]) => {
          if (typeof chunk !== 'function') keep(chunk);
          bodies.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
          return end(chunk, ...rest);
        }) as unknown as ServerResponse['end'];
        app(req, res);
      };
    },
    /** Fails naming the first response that leaked something hash-like. */
    expectNoSecrets(): void {
      expect(bodies.length).toBeGreaterThan(0);
      for (const { url, body } of bodies) {
        for (const pattern of SECRET_PATTERNS) {
          expect(body, `response to ${url.split('?')[0]} matches ${pattern}`).not.toMatch(pattern);
        }
      }
    },
  };
}

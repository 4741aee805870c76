import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Every text part, decoded (quoted-printable or base64). */
  text: string;
}

/** A real SMTP peer on loopback: the shop sends to it through nodemailer as it would in production. */
export async function startMailbox() {
  const mails: ReceivedMail[] = [];
  // Each waiter looks at every mail as it arrives (no polling interval to wait out).
  const waiters = new Set<(mail: ReceivedMail) => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeParts(raw) };
        mails.push(mail);
        for (const waiter of waiters) waiter(mail);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    /** The newest mail to `to` that matches, already received or arriving within `timeoutMs`. */
    waitFor(to: string, matching: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
      const matches = (m: ReceivedMail) => m.to.includes(to.toLowerCase()) && matching.test(m.text);
      const found = [...mails].reverse().find(matches);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          if (!matches(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no mail to ${to} matching ${matching} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes the body parts of a MIME message enough to read its text and links. */
function decodeParts(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split === -1) return '';
      const headers = part.slice(0, split).toLowerCase();
      const body = part.slice(split).trim();
      if (headers.includes('content-transfer-encoding: base64')) return Buffer.from(body, 'base64').toString('utf8');
      if (headers.includes('content-transfer-encoding: quoted-printable')) return decodeQuotedPrintable(body);
      return body;
    })
    .join('\n');
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP peer for the API suite: the app's nodemailer transport talks SMTP to it, and the
// raw messages are decoded here (mailparser does not install from this registry, STACK.md).

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** The first captured mail to that address (waits up to timeoutMs for it). */
  waitForMail(to: string, timeoutMs?: number): Promise<CapturedMail>;
  /** Speaks SMTP (greeting first) on a connection another server accepted (the tarpit, recovered). */
  accept(socket: Socket): void;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({ ...parseMessage(raw), from, to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(to, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    accept: (socket) => server.connect(socket),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const cut = raw.indexOf('\r\n\r\n');
  const head = (cut === -1 ? raw : raw.slice(0, cut)).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: cut === -1 ? '' : raw.slice(cut + 4) };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body.replace(/=\r\n/g, ''));
  return part.body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) as in a Subject header. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parseMessage(raw: string): Pick<CapturedMail, 'subject' | 'text' | 'html'> {
  const top = splitPart(raw);
  const found = { text: '', html: '' };
  const walk = (part: Part) => {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const sections = part.body.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break;
        walk(splitPart(section.replace(/^\r\n/, '')));
      }
    } else if (/^text\/html/i.test(type)) found.html = decodeBody(part);
    else if (/^text\/plain/i.test(type)) found.text = decodeBody(part);
  };
  walk(top);
  return { subject: decodeHeader(top.headers.get('subject') ?? ''), ...found };
}

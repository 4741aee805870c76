/** One mail ready to leave: rendered, addressed. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (an invoice's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Where mails go: an SMTP server, or nowhere (kept in the outbox table for a developer to read). */
export interface MailTransport {
  /** False for the outbox-only sandbox: mails stay in the outbox as pending. */
  readonly delivers: boolean;
  /** The longest one send() may take before it gives up: a sender's claim on a mail outlasts it. */
  readonly maxSendMs: number;
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

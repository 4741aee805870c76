/** Who is asking, as the request says it: what sessions and the audit keep about a sign-in or a change. */
export interface RequestContext {
  ip?: string | null;
  /** The User-Agent header: what the sessions list shows to recognise a device. */
  userAgent?: string | null;
}

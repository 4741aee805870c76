/** A same-site path to go back to after login, or undefined (no open redirects via state). */
export function safeReturnPath(from: unknown): string | undefined {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return undefined;
  return from;
}

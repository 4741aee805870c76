import sshpk from 'sshpk';

/** An OpenSSH public key as read from its blob, or the locale key of why it is refused. */
export type ReadKey = { ok: true; type: string; fingerprint: string; line: string } | { ok: false; reason: string };

/** RSA under 2048 bits is breakable and refused by current OpenSSH defaults. */
const MIN_RSA_BITS = 2048;

/**
 * Reads the line of a `.pub` file: the blob must decode, and name the type the line announces
 * (sshpk checks both). The stored line is rebuilt from the key, so stray spaces or an oversized
 * comment never reach a server's authorized_keys.
 */
export function readOpenSshPublicKey(line: string): ReadKey {
  let key: sshpk.Key;
  try {
    key = sshpk.parseKey(line, 'ssh');
  } catch {
    return { ok: false, reason: 'sshkeys.errorkey' };
  }
  if (key.type === 'rsa' && key.size < MIN_RSA_BITS) return { ok: false, reason: 'sshkeys.errorweak' };
  if (key.type === 'dsa') return { ok: false, reason: 'sshkeys.errortype' };
  const [type, blob] = key.toString('ssh').split(' ');
  const comment = line.split(' ').slice(2).join(' ').slice(0, 100).trim();
  return {
    ok: true,
    type: type!,
    fingerprint: key.fingerprint('sha256').toString(),
    line: comment ? `${type} ${blob} ${comment}` : `${type} ${blob}`,
  };
}
